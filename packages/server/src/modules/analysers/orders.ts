import { type AnalyserOrders, SAMPLE_STATUS } from '@sil/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { analyses } from '../../db/schema/catalogue.js';
import { machines } from '../../db/schema/reference.js';
import { fail } from '../../lib/errors.js';
import { records, samples } from '../records/tables.js';
import { analyserCodesOf } from '../results/index.js';
import { results } from '../results/tables.js';
import type { AgentCaller } from './agents/authenticate.js';

/**
 * get-analyser-orders (a host query): the sample's analyses still to measure, each parameter the
 * analyser knows as its test code. No sample of that number, a validated one, or nothing left for
 * this analyser: no order ('found' says which).
 */
export async function analyserOrders(
  q: Queryable,
  agent: AgentCaller,
  query: { machine_id: string; specimen_id: string },
): Promise<AnalyserOrders> {
  const [machine] = await q
    .select({ agent: machines.machine_agent })
    .from(machines)
    .where(and(eq(machines.laboratory_id, agent.laboratoryId), eq(machines.machine_id, query.machine_id)));
  if (!machine) return fail('machineNotFound');
  if (machine.agent !== agent.agentId) fail('analyserNotServed');
  const none: AnalyserOrders = { specimen_id: query.specimen_id, found: false, priority: 'R', tests: [] };
  const [sample] = await q
    .select({
      sample_id: samples.sample_id,
      status: samples.sample_status,
      analyses: samples.sample_analyses,
      record_created: records.record_created,
      urgent: records.record_is_urgent,
    })
    .from(samples)
    .innerJoin(records, eq(records.record_id, samples.sample_record))
    .where(and(eq(samples.laboratory_id, agent.laboratoryId), eq(samples.sample_number, query.specimen_id)));
  if (!sample) return none;
  const answer = { ...none, found: true, priority: sample.urgent ? ('S' as const) : ('R' as const) };
  if (sample.status >= SAMPLE_STATUS.validated) return answer;
  const tests = await testsLeft(q, agent.laboratoryId, query.machine_id, sample);
  return { ...answer, tests };
}

/**
 * A sample's analyses still without a result, each parameter as the analyser's test code: one code
 * per parameter (a code learned later for the same parameter is an alias), the first by name. The
 * sample's results are read in its record's month alone (`record_created`, migration 0060).
 */
export async function testsLeft(
  q: Queryable,
  laboratoryId: string,
  machineId: string,
  sample: { sample_id: string; analyses: string[]; record_created: string },
): Promise<AnalyserOrders['tests']> {
  if (sample.analyses.length === 0) return [];
  const ordered = await q
    .select({ parameters: analyses.analysis_parameters })
    .from(analyses)
    .where(and(eq(analyses.laboratory_id, laboratoryId), inArray(analyses.analysis_id, sample.analyses)));
  const done = new Set(
    (
      await q
        .select({ parameter: results.result_parameter })
        .from(results)
        .where(
          and(
            eq(results.result_sample, sample.sample_id),
            eq(results.result_record_created, sample.record_created),
          ),
        )
    ).map((row) => row.parameter),
  );
  const wanted = [...new Set(ordered.flatMap((row) => row.parameters))].filter((id) => !done.has(id));
  const codes = await analyserCodesOf(q, laboratoryId, machineId, wanted);
  const byParameter = new Map<string, (typeof codes)[number]>();
  for (const code of [...codes].sort((a, b) => a.test_code.localeCompare(b.test_code)))
    if (!byParameter.has(code.parameter_id)) byParameter.set(code.parameter_id, code);
  return [...byParameter.values()].map((code) => ({
    test_code: code.test_code,
    parameter_name: code.parameter_name,
  }));
}
