import type pg from 'pg';

export type ScaleTable = 'records' | 'patients' | 'samples';

/**
 * One list page asked of the API, beside the hand-written SQL that answers the same page as fast as
 * the schema allows: the rows the user means, through the indexes that exist, without a count.
 */
export interface ListCase {
  table: ScaleTable;
  name: string;
  /** Query string of the list call, besides the page (50 rows, first page). */
  query: Record<string, string>;
  sql: string;
  params: unknown[];
}

/** Values taken from the loaded data, so that every search finds rows as a user's would. */
export interface Probes {
  laboratoryId: string;
  recordNumber: string;
  sampleNumber: string;
  nirPrefix: string;
  /** ISO date of birth of an existing patient. */
  dob: string;
  /** A week of registrations, first and last day (ISO). */
  weekFrom: string;
  weekTo: string;
  /** Three months in the middle of the loaded history, first and last day (ISO; issue 43). */
  midFrom: string;
  midTo: string;
}

export async function readProbes(client: pg.ClientBase, laboratoryId: string): Promise<Probes> {
  const { rows } = await client.query<{
    record_number: string;
    sample_number: string;
    nir: string;
    dob: string;
    week_from: string;
    week_to: string;
  }>(
    `SELECT r.record_number, s.sample_number, left(p.patient_nir, 7) AS nir, p.patient_dob::text AS dob,
            (r.record_created AT TIME ZONE 'Europe/Paris')::date::text AS week_from,
            ((r.record_created AT TIME ZONE 'Europe/Paris')::date + 6)::text AS week_to
       FROM records r
       JOIN patients p ON p.patient_id = r.record_patient
       JOIN samples s ON s.sample_record = r.record_id
      WHERE r.laboratory_id = $1 AND p.patient_nir IS NOT NULL
      ORDER BY r.record_number OFFSET (SELECT count(*) / 2 FROM records WHERE laboratory_id = $1) LIMIT 1`,
    [laboratoryId],
  );
  const row = rows[0];
  if (!row) throw new Error('the scale database holds no record with a patient NIR and a sample');
  const mid = await midHistory(client, laboratoryId);
  return {
    ...mid,
    laboratoryId,
    recordNumber: row.record_number,
    sampleNumber: row.sample_number,
    nirPrefix: row.nir,
    dob: row.dob,
    weekFrom: row.week_from,
    weekTo: row.week_to,
  };
}

/**
 * Three months (91 days) centred on the middle of the laboratory's records, by creation day in
 * Paris: records of a past quarter, with years of records before and after them.
 */
async function midHistory(client: pg.ClientBase, laboratoryId: string) {
  const { rows } = await client.query<{ mid_from: string; mid_to: string }>(
    `SELECT (middle - 45)::text AS mid_from, (middle + 45)::text AS mid_to
       FROM (SELECT ((min(record_created) + (max(record_created) - min(record_created)) / 2)
                      AT TIME ZONE 'Europe/Paris')::date AS middle
               FROM records WHERE laboratory_id = $1) AS history`,
    [laboratoryId],
  );
  const row = rows[0];
  if (!row) throw new Error('the scale database holds no record');
  return { midFrom: row.mid_from, midTo: row.mid_to };
}

const PAGE = 50;
/** The page of records first, then their patients: joining first would join the million rows. */
const records = (
  where: string,
) => `SELECT r.*, p.patient_surname, p.patient_name, p.patient_dob, p.patient_gender
  FROM (SELECT * FROM records r WHERE r.laboratory_id = $1${where ? ` AND ${where}` : ''}
         ORDER BY r.record_last_updated DESC, r.record_id LIMIT ${PAGE}) r
  JOIN patients p ON p.patient_id = r.record_patient
 ORDER BY r.record_last_updated DESC, r.record_id`;
const PATIENTS = `SELECT * FROM patients WHERE laboratory_id = $1`;
const PATIENTS_ORDER = `ORDER BY patient_last_updated DESC, patient_id LIMIT ${PAGE}`;
const SAMPLES = `SELECT * FROM samples WHERE laboratory_id = $1`;
const SAMPLES_ORDER = `ORDER BY sample_last_updated DESC, sample_id LIMIT ${PAGE}`;
const PARIS_MIDNIGHT = (day: string) => `(${day}::date)::timestamp AT TIME ZONE 'Europe/Paris'`;

/**
 * Records created between two days, newest update first: those updated after the last day, read
 * among the days' records (index only) and sorted, then those updated before, walking the
 * last-update index from the end of the last day, where the days' records are; the page is the
 * first 50 of both. A single ORDER BY … LIMIT walks the last-update index from now, past every
 * record updated since (470,000 for a week in the middle of the data).
 */
function dateRange(from: string, to: string): string {
  const range = `laboratory_id = $1 AND record_created >= ${PARIS_MIDNIGHT(`'${from}'`)}
       AND record_created < ${PARIS_MIDNIGHT(`'${to}'`)} + interval '1 day'`;
  const end = `${PARIS_MIDNIGHT(`'${to}'`)} + interval '1 day'`;
  return `WITH page AS (
  (SELECT record_id, record_last_updated FROM
     (SELECT record_id, record_last_updated FROM records WHERE ${range} AND record_last_updated >= ${end} OFFSET 0) since
    ORDER BY record_last_updated DESC, record_id LIMIT ${PAGE})
  UNION ALL
  (SELECT record_id, record_last_updated FROM records WHERE ${range} AND record_last_updated < ${end}
    ORDER BY record_last_updated DESC, record_id LIMIT ${PAGE})
  ORDER BY record_last_updated DESC, record_id LIMIT ${PAGE})
SELECT r.*, p.patient_surname, p.patient_name, p.patient_dob, p.patient_gender
  FROM page JOIN records r USING (record_id) JOIN patients p ON p.patient_id = r.record_patient
 ORDER BY r.record_last_updated DESC, r.record_id`;
}

/**
 * Records created between two days, newest created first: the list's default order when filtered
 * by days (issue 43), read backwards along the creation index from the last day's end.
 */
function createdRange(from: string, to: string): string {
  return `SELECT r.*, p.patient_surname, p.patient_name, p.patient_dob, p.patient_gender
  FROM (SELECT * FROM records
         WHERE laboratory_id = $1 AND record_created >= ${PARIS_MIDNIGHT(`'${from}'`)}
           AND record_created < ${PARIS_MIDNIGHT(`'${to}'`)} + interval '1 day'
         ORDER BY record_created DESC, record_id LIMIT ${PAGE}) r
  JOIN patients p ON p.patient_id = r.record_patient
 ORDER BY r.record_created DESC, r.record_id`;
}

/** The patient searches shared by both tables: what is typed, and the condition on patients it means. */
function patientSearches(probes: Probes) {
  const [year, month, day] = probes.dob.split('-');
  return [
    { name: 'surname', search: 'Martin', where: `patient_surname ILIKE '%Martin%'` },
    { name: 'first name', search: 'Hélène', where: `patient_name ILIKE '%Hélène%'` },
    {
      name: 'surname first name',
      search: 'Martin Marie',
      where: `patient_surname ILIKE '%Martin%' AND patient_name ILIKE 'Marie%'`,
    },
    {
      name: 'NIR prefix',
      search: probes.nirPrefix,
      where: `patient_nir LIKE '${probes.nirPrefix.replace(/\D/g, '')}%'`,
    },
    { name: 'date of birth', search: `${day}/${month}/${year}`, where: `patient_dob = '${probes.dob}'` },
  ];
}

const filter = (column: string, value: string) => ({ 'filter_column[]': column, 'filter_value[]': value });

export function listCases(probes: Probes): ListCase[] {
  const lab = [probes.laboratoryId];
  const searches = patientSearches(probes);
  const recordCase = (name: string, query: Record<string, string>, where: string): ListCase => ({
    table: 'records',
    name,
    query,
    sql: records(where),
    params: lab,
  });
  const patientCase = (name: string, query: Record<string, string>, where: string): ListCase => ({
    table: 'patients',
    name,
    query,
    sql: `${PATIENTS}${where ? ` AND ${where}` : ''} ${PATIENTS_ORDER}`,
    params: lab,
  });
  const sampleCase = (name: string, query: Record<string, string>, where: string): ListCase => ({
    table: 'samples',
    name,
    query,
    sql: `${SAMPLES}${where ? ` AND ${where}` : ''} ${SAMPLES_ORDER}`,
    params: lab,
  });
  return [
    recordCase('no search', {}, ''),
    ...searches.map(({ name, search, where }) =>
      recordCase(
        name,
        { search },
        `r.record_patient IN (SELECT patient_id FROM patients WHERE laboratory_id = $1 AND ${where})`,
      ),
    ),
    recordCase(
      'record number',
      { search: probes.recordNumber },
      `r.record_number = '${probes.recordNumber}'`,
    ),
    recordCase('status filter', filter('record_status', '1'), 'r.record_status = 1'),
    recordCase('urgent filter', filter('record_is_urgent', 'true'), 'r.record_is_urgent'),
    {
      table: 'records',
      name: 'date range',
      query: { filter_date_from: probes.weekFrom, filter_date_to: probes.weekTo },
      sql: createdRange(probes.weekFrom, probes.weekTo),
      params: lab,
    },
    // Three months inside the history (issue 43), in the list's order for days (by creation), then
    // by last update as asked for, whose page needs the range's records updated after it.
    {
      table: 'records',
      name: 'mid-history range',
      query: { filter_date_from: probes.midFrom, filter_date_to: probes.midTo },
      sql: createdRange(probes.midFrom, probes.midTo),
      params: lab,
    },
    {
      table: 'records',
      name: 'mid-history range by update',
      query: {
        filter_date_from: probes.midFrom,
        filter_date_to: probes.midTo,
        sort_by: 'record_last_updated',
        sort_order: 'DESC',
      },
      sql: dateRange(probes.midFrom, probes.midTo),
      params: lab,
    },
    recordCase(
      'records_with_ncts',
      filter('records_with_ncts', 'true'),
      `EXISTS (SELECT 1 FROM samples s WHERE s.sample_record = r.record_id AND s.sample_nct_active)`,
    ),
    recordCase('records_with_anes', filter('records_with_anes', 'true'), 'false'),
    recordCase(
      'records_validated_today',
      filter('records_validated_today', 'true'),
      `r.record_validated_at >= ${PARIS_MIDNIGHT(`(now() AT TIME ZONE 'Europe/Paris')::date`)}`,
    ),
    // The dashboard's tasks lists (issue 17), as its counters open them.
    recordCase(
      'task urgent',
      filter('record_task', 'urgent'),
      'r.record_is_urgent AND NOT r.record_annulr_flag AND r.record_status < 5',
    ),
    recordCase(
      'task to_validate',
      filter('record_task', 'to_validate'),
      'r.record_status = 3 AND NOT r.record_annulr_flag',
    ),
    // The abnormal mark's filter: the records in list order, each checked among the abnormal
    // records that triggers keep (migration 0039).
    recordCase(
      'abnormal filter',
      filter('record_abnormal', 'true'),
      `EXISTS (SELECT 1 FROM abnormal_records a WHERE a.record_id = r.record_id)`,
    ),
    patientCase('no search', {}, ''),
    ...searches.map(({ name, search, where }) => patientCase(name, { search }, where)),
    patientCase('gender filter', filter('patient_gender', 'F'), `patient_gender = 'F'`),
    patientCase(
      'identity status filter',
      filter('patient_identity_status', 'qualified'),
      `patient_identity_status = 'qualified'`,
    ),
    sampleCase('no search', {}, ''),
    sampleCase('sample number', { search: probes.sampleNumber }, `sample_number = '${probes.sampleNumber}'`),
    sampleCase('status filter', filter('sample_status', '1'), 'sample_status = 1'),
    sampleCase('non-compliance filter', filter('sample_nct_active', 'true'), 'sample_nct_active'),
  ];
}

export const PAGE_SIZE = PAGE;

const OPEN_FLAGS = [
  'record_sent_externally',
  'record_pending_fax',
  'record_pending_insurance_report',
  'record_pending_online',
  'record_pending_paper',
  'record_pending_phone',
  'record_pending_occupational_physician',
  'record_pending_post',
  'record_is_urgent',
  'record_unresolved_nca',
  'record_delai_flag',
];

/**
 * The dashboard's heaviest panel written by hand, the floor its call is compared with: every task
 * of the open records in one pass (all of them are read: ~33,000 at 1 M records), 'Validated today'
 * beside it. The other panels read a day or a few hundred rows.
 */
export const dashboardTasksCase = (laboratoryId: string): ListCase => ({
  table: 'records',
  name: 'dashboard tasks',
  query: {},
  sql: `SELECT count(*) FILTER (WHERE record_status >= 1), count(*) FILTER (WHERE record_status = 3),
       ${OPEN_FLAGS.map((flag) => `count(*) FILTER (WHERE ${flag})`).join(', ')},
       count(*) FILTER (WHERE record_is_urgent AND record_status = 3),
       count(*) FILTER (WHERE record_id IN (SELECT ane_record FROM record_anes)),
       count(*) FILTER (WHERE record_lbloc_flag
                          OR record_id IN (SELECT sample_record FROM samples WHERE sample_lbloc_flag)),
       count(*) FILTER (WHERE record_id IN (SELECT sample_record FROM samples WHERE sample_nct_active)),
       (SELECT count(*) FROM records WHERE laboratory_id = $1 AND NOT record_annulr_flag
           AND record_validated_at >= ${PARIS_MIDNIGHT(`(now() AT TIME ZONE 'Europe/Paris')::date`)})
  FROM records WHERE laboratory_id = $1 AND NOT record_annulr_flag AND record_status < 5`,
  params: [laboratoryId],
});
