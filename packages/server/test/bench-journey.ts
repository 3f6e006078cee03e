import { SAMPLE_STATUS } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db, Tx } from '../src/db/open.js';
import { databaseRefusal } from '../src/lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { seedCatalogue } from './factories.js';
import { call, type Session } from './helpers.js';

type Json = Record<string, unknown>;

/** A glucose panel on serum beside the catalogue's blood count: two samples for one record. */
export interface GlucosePanel {
  glucose: string;
  panel: string;
  count: string;
}

/** The staff who take a record from the front desk through the bench. */
export interface BenchStaff {
  admin: Session;
  secretary: Session;
  technician: Session;
}

/** A record waiting for validation: the panel's sample (with its result) and the count's (none). */
export interface PendingRecord {
  recordId: string;
  panel: string;
  count: string;
}

export async function addGlucosePanel(app: FastifyInstance, admin: Session): Promise<GlucosePanel> {
  const catalogue = await seedCatalogue(app, admin);
  const added = await call(app, admin, {
    method: 'POST',
    url: '/api/add-parameter',
    payload: {
      parameter_name: 'Glucose',
      parameter_unit: 'g/L',
      parameter_decimals: 2,
      parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
    },
  });
  const glucose = String(added.json<Json>().parameter_id);
  const panel = await call(app, admin, {
    method: 'POST',
    url: '/api/add-analysis',
    payload: {
      analysis_name: 'Glycémie à jeun',
      analysis_sample_type: catalogue.serum,
      analysis_matrix: catalogue.blood,
      analysis_parameters: [glucose],
    },
  });
  return { glucose, panel: String(panel.json<Json>().analysis_id), count: catalogue.nfs };
}

/**
 * A new patient's record of the panel and the blood count taken through the bench: the glucose
 * entered, the record received, both samples completed (the count knowingly, without results), so
 * the record waits for a biologist.
 */
export async function pendingRecord(
  app: FastifyInstance,
  staff: BenchStaff,
  ids: GlucosePanel,
  patient: Json,
  glucose = 0.9,
): Promise<PendingRecord> {
  const created = await call(app, staff.secretary, {
    method: 'POST',
    url: '/api/add-patient',
    payload: {
      ...patient,
      record_selected_analyses: [{ combination: 1, analysis_ids: [ids.panel, ids.count] }],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const body = created.json<{ record_id: string; samples: Array<{ sample_id: string }> }>();
  const carrying = async (analysisId: string) => {
    for (const { sample_id } of body.samples) {
      const [sample] = (
        await call(app, staff.admin, { method: 'GET', url: `/api/get-sample?sample_id=${sample_id}` })
      ).json<Array<{ sample_analyses: string[] }>>();
      if (sample?.sample_analyses.includes(analysisId)) return sample_id;
    }
    throw new Error(`no sample carries ${analysisId}`);
  };
  const panel = await carrying(ids.panel);
  const count = await carrying(ids.count);
  const put = (session: Session, url: string, payload: Json) =>
    call(app, session, { method: 'PUT', url, payload });
  const saved = await put(staff.technician, '/api/update-sample-results', {
    sample_id: panel,
    results: [{ parameter_id: ids.glucose, result_value: glucose }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const received = await put(staff.secretary, '/api/receive-record', { record_id: body.record_id });
  expect(received.statusCode, received.body).toBe(200);
  for (const sampleId of [panel, count]) {
    const moved = await put(staff.technician, '/api/update-sample-status', {
      sample_id: sampleId,
      sample_status: SAMPLE_STATUS.removed,
      force_save: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return { recordId: body.record_id, panel, count };
}

/** A direct write, as a service would make it: 'accepted', or the catalogue code the database answers. */
export async function directWrite(db: Db, work: (tx: Tx) => Promise<unknown>): Promise<string> {
  try {
    await writeTransaction(db, SYSTEM_ACTOR, work);
    return 'accepted';
  } catch (error) {
    return databaseRefusal(error)?.code ?? String(error);
  }
}
