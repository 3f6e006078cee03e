import type { FastifyInstance } from 'fastify';
import { call, type Session } from './helpers.js';

type Json = Record<string, unknown>;

/** A small catalogue: two matrices, three sample types, NABM acts and visible analyses on them. */
export async function seedCatalogue(app: FastifyInstance, admin: Session) {
  const id = async (url: string, payload: Json, field: string) => {
    const response = await call(app, admin, { method: 'POST', url, payload });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    return String(response.json<Json>()[field]);
  };
  const blood = await id('/api/add-matrix', { matrix_name: 'Sang' }, 'matrix_id');
  const urine = await id('/api/add-matrix', { matrix_name: 'Urine' }, 'matrix_id');
  const edta = await id('/api/add-sampletype', { sample_type_name: 'Tube EDTA' }, 'sample_type_id');
  const serum = await id('/api/add-sampletype', { sample_type_name: 'Tube sec' }, 'sample_type_id');
  const pot = await id('/api/add-sampletype', { sample_type_name: 'Flacon stérile' }, 'sample_type_id');
  await id('/api/add-nabm', { nabm_code: '1104', nabm_wording: 'Hémogramme', nabm_coef_b: 26 }, 'nabm_code');
  await id('/api/add-nabm', { nabm_code: '0552', nabm_wording: 'Glucose', nabm_coef_b: 5 }, 'nabm_code');
  const analysis = (name: string, type: string, matrix: string, codes: string[]) =>
    id(
      '/api/add-analysis',
      {
        analysis_name: name,
        analysis_sample_type: type,
        analysis_matrix: matrix,
        analysis_nabm_codes: codes,
      },
      'analysis_id',
    );
  return {
    blood,
    urine,
    edta,
    serum,
    pot,
    nfs: await analysis('NFS', edta, blood, ['1104']),
    glucose: await analysis('Glycémie', serum, blood, ['0552']),
    ecbu: await analysis('ECBU', pot, urine, []),
  };
}
