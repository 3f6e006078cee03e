import type { AnalyserMappingRow, CiqSettingRow, ParsedResult } from '@sil/contract';
import type { Tx } from '../../../db/open.js';
import { machineSettings, openRun, writeRunValues } from '../../ciq/index.js';
import type { ItemDraft } from './items.js';
import { controlValue } from './values.js';

const controlKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_/-]+/g, ' ');

/**
 * The CIQ target a control's specimen id names for its parameter: its level, its lot, or both
 * ('N1 L2301'), as the instrument files' controls are matched; one target or none.
 */
function targetOf(specimenId: string, parameterId: string, targets: readonly CiqSettingRow[]) {
  const ref = controlKey(specimenId);
  const named = targets.filter((target) => {
    if (target.parameter_id !== parameterId) return false;
    const level = controlKey(target.ciq_level);
    const lot = controlKey(target.ciq_lot);
    return ref === level || ref === lot || ref === `${level} ${lot}` || ref === `${lot} ${level}`;
  });
  return named.length === 1 ? named[0] : undefined;
}

/**
 * A message's control results: a control run of the analyser, each value read by the Westgard
 * rules as if typed on the CIQ screen; a control naming no target of the machine waits in
 * reconciliation. They never reach a patient's sample.
 */
export async function landControls(
  tx: Tx,
  laboratoryId: string,
  machineId: string,
  parsed: ParsedResult[],
  mappings: Map<string, AnalyserMappingRow>,
): Promise<{ toCiq: number; items: ItemDraft[] }> {
  if (parsed.length === 0) return { toCiq: 0, items: [] };
  const targets = await machineSettings(tx, laboratoryId, machineId, true);
  const items: ItemDraft[] = [];
  const lines = new Map<string, { ciq_setting_id: string; ciq_value: number }>();
  for (const result of parsed) {
    const mapping = mappings.get(result.test_code);
    if (!mapping) {
      items.push({ reason: 'unmappedCode', detail: 'control', result });
      continue;
    }
    const target = targetOf(result.specimen_id, mapping.parameter_id, targets);
    const value = controlValue(result, mapping.unit_factor);
    if (!target)
      items.push({ reason: 'unknownSpecimen', detail: 'control', result, parameterId: mapping.parameter_id });
    else if (value === null || lines.has(target.ciq_setting_id))
      items.push({ reason: 'valueRefused', detail: value === null ? 'noValue' : 'duplicate', result });
    else lines.set(target.ciq_setting_id, { ciq_setting_id: target.ciq_setting_id, ciq_value: value });
  }
  if (lines.size > 0) {
    const run = await openRun(tx, laboratoryId, machineId, null);
    await writeRunValues(tx, run, [...lines.values()]);
  }
  return { toCiq: lines.size, items };
}
