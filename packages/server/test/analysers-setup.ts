import { routes } from '@sil/contract/routes';
import type { FastifyInstance } from 'fastify';
import { apiClient } from './client.js';
import { type Staff, seedCatalogue } from './factories.js';

/**
 * A laboratory with an analyser served by an enrolled agent (issue 41): a chemistry analysis of
 * glucose and creatinine run on the machine, its codes GLU and CREA mapped (creatinine sent in
 * mg/L, stored in µmol/L: factor 8.84), a control target 'N1' of glucose, and the agent's credential.
 */
export async function analyserLaboratory(
  app: FastifyInstance,
  staff: Staff,
  connection: Record<string, unknown> = {
    machine_protocol: 'astm',
    machine_transport: 'tcp_server',
    machine_port: 4001,
  },
) {
  const admin = apiClient(app, staff.admin);
  const catalogue = await seedCatalogue(app, staff.admin);
  const enrolment = await admin.addAgent({
    agent_name: `Paillasse ${Math.random().toString(36).slice(2, 8)}`,
  });
  const machine = String(
    (
      await admin.reference('machines').add({
        machine_name: 'Cobas c311',
        machine_code: `C${Math.random().toString(36).slice(2, 7)}`,
        ...connection,
        machine_agent: enrolment.agent_id,
      })
    ).machine_id,
  );
  const parameter = async (name: string, unit: string, min: number, max: number) =>
    String(
      (
        await admin.reference('parameters').add({
          parameter_name: name,
          parameter_unit: unit,
          parameter_decimals: 2,
          parameter_ranges: [{ population: 'default', min, max }],
        })
      ).parameter_id,
    );
  const glucose = await parameter('Glucose', 'g/L', 0.7, 1.1);
  const creatinine = await parameter('Créatinine', 'µmol/L', 45, 90);
  const chemistry = String(
    (
      await admin.reference('analyses').add({
        analysis_name: 'Bilan glucose créatinine',
        analysis_sample_type: catalogue.serum,
        analysis_matrix: catalogue.blood,
        analysis_parameters: [glucose, creatinine],
        analysis_machines: [machine],
        analysis_ciq_enabled: true,
      })
    ).analysis_id,
  );
  await admin.updateAnalyserMappings({
    machine_id: machine,
    mappings: [
      { test_code: 'GLU', parameter_id: glucose },
      { test_code: 'CREA', parameter_id: creatinine, unit_factor: 8.84, analyser_unit: 'mg/L' },
    ],
  });
  await admin.saveCiqSetting({
    analysis_id: chemistry,
    parameter_id: glucose,
    ciq_level: 'N1',
    ciq_lot: 'L2301',
    ciq_mean: 1,
    ciq_sd: 0.05,
  });
  const enrolled = await app.inject({
    method: 'POST',
    url: routes.enrolAgent.path,
    payload: { enrolment_code: enrolment.enrolment_code, agent_host: 'paillasse-1' },
  });
  if (enrolled.statusCode !== 200) throw new Error(enrolled.body);
  const credential = enrolled.json<{ credential: string }>().credential;
  /** A new patient's record of the chemistry: its sample's id and number (the tube's barcode). */
  const newSample = async (surname: string) => {
    const created = await apiClient(app, staff.secretary).addPatient({
      patient_surname: surname,
      patient_name: 'Hélène',
      patient_gender: 'F',
      patient_dob: '1960-06-01',
      record_selected_analyses: [{ combination: 1, analysis_ids: [chemistry] }],
    });
    const sample = created.samples[0];
    if (!sample) throw new Error('no sample');
    return { id: sample.sample_id, number: sample.sample_number, recordId: created.record_id };
  };
  return { agentId: enrolment.agent_id, credential, machine, glucose, creatinine, chemistry, newSample };
}

/** Calls one of the agent's routes with its credential, raw. */
export function agentCall(
  app: FastifyInstance,
  credential: string,
  name:
    | 'getAgentConfiguration'
    | 'postAnalyserMessages'
    | 'getAnalyserOrders'
    | 'getAnalyserDownloads'
    | 'acknowledgeAnalyserOrders'
    | 'reportAnalyserState',
  input: { body?: unknown; query?: Record<string, string> },
) {
  const def = routes[name];
  const query = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  return app.inject({
    method: def.method,
    url: `${def.path}${query}`,
    headers: { authorization: `Bearer ${credential}` },
    ...(input.body ? { payload: input.body as object } : {}),
  });
}
