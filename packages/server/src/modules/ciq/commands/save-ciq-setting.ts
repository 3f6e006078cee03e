import type { SaveCiqSettingBody } from '@sil/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/open.js';
import { analyses, parameters } from '../../../db/schema/catalogue.js';
import { ciqSettings } from '../../../db/schema/ciq.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { settingsByIds } from '../queries.js';

type SettingInput = z.output<typeof SaveCiqSettingBody>;

/** The analysis and parameter are the laboratory's, and no other target holds the same level and lot. */
async function assertCatalogue(tx: Tx, laboratoryId: string, input: SettingInput) {
  const [analysis] = await tx
    .select({ id: analyses.analysis_id })
    .from(analyses)
    .where(and(eq(analyses.analysis_id, input.analysis_id), eq(analyses.laboratory_id, laboratoryId)));
  if (!analysis) fail('analysisNotFound');
  const [parameter] = await tx
    .select({ id: parameters.parameter_id })
    .from(parameters)
    .where(and(eq(parameters.parameter_id, input.parameter_id), eq(parameters.laboratory_id, laboratoryId)));
  if (!parameter) fail('parameterNotFound');
  const [taken] = await tx
    .select({ id: ciqSettings.ciq_setting_id })
    .from(ciqSettings)
    .where(
      and(
        eq(ciqSettings.ciq_analysis, input.analysis_id),
        eq(ciqSettings.ciq_parameter, input.parameter_id),
        eq(ciqSettings.ciq_level, input.ciq_level),
        eq(ciqSettings.ciq_lot, input.ciq_lot),
      ),
    );
  if (taken && taken.id !== input.ciq_setting_id) fail('ciqSettingExists');
}

/** Creates a control target (mean and SD of a level and lot) or changes the one named. */
export const saveCiqSetting = (db: Db, auth: Authenticated, body: SettingInput) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    await assertCatalogue(tx, laboratoryId, body);
    const values = {
      ciq_analysis: body.analysis_id,
      ciq_parameter: body.parameter_id,
      ciq_level: body.ciq_level,
      ciq_lot: body.ciq_lot,
      ciq_mean: body.ciq_mean,
      ciq_sd: body.ciq_sd,
      ciq_active: body.ciq_active,
    };
    let settingId = body.ciq_setting_id;
    if (settingId) {
      const changed = await tx
        .update(ciqSettings)
        .set({ ...values, ciq_last_updated: sql`now()` })
        .where(and(eq(ciqSettings.ciq_setting_id, settingId), eq(ciqSettings.laboratory_id, laboratoryId)))
        .returning({ id: ciqSettings.ciq_setting_id });
      if (changed.length === 0) fail('ciqSettingNotFound');
    } else {
      const [created] = await tx
        .insert(ciqSettings)
        .values({ ...values, laboratory_id: laboratoryId })
        .returning({ id: ciqSettings.ciq_setting_id });
      settingId = created?.id;
    }
    const [row] = await settingsByIds(tx, laboratoryId, settingId ? [settingId] : []);
    return row ?? fail('ciqSettingNotFound');
  });
