import { dobFromSearch, type ListQuery, patientList, recordList, sampleList } from '@sil/contract';
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { auditTrail, patients, records, samples, users } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import type { Authenticated } from '../auth/session-service.js';
import type { TableBinding } from '../reference/binding.js';
import { escapeLike, listRows } from '../reference/queries.js';
import { parisDay } from './numbering.js';
import { presentPatient, presentRecord, presentSample } from './present.js';
import { recordScope } from './scope.js';

/** Whole rows (traces of inserts and deletes) are kept as JSON; the tenant column is not the user's business. */
function withoutTenant(value: string | null): string | null {
  if (!value?.startsWith('{')) return value;
  try {
    const { laboratory_id: _tenant, ...row } = JSON.parse(value) as Record<string, unknown>;
    return JSON.stringify(row);
  } catch {
    return value;
  }
}

const like = (term: string) => `%${escapeLike(term)}%`;

/** Patients are found by name, birth name, NIR/INS, external id, or date of birth typed DD/MM/YYYY. */
function patientSearch(term: string): SQL | undefined {
  const dob = dobFromSearch(term);
  if (dob) return eq(patients.patient_dob, dob);
  const pattern = like(term);
  const compact = term.replace(/[\s.]/g, '');
  return or(
    ilike(patients.patient_surname, pattern),
    ilike(patients.patient_name, pattern),
    ilike(patients.patient_birth_name, pattern),
    ilike(sql`${patients.patient_surname} || ' ' || ${patients.patient_name}`, pattern),
    ilike(patients.patient_nir, `${compact}%`),
    ilike(patients.patient_ins, `${compact}%`),
    ilike(patients.patient_external_id, pattern),
  );
}

const parisMidnight = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'Europe/Paris'`;

const patientBinding: TableBinding = {
  entity: patientList,
  table: patients,
  referencedBy: [],
  foreignKeys: {},
  searchCondition: patientSearch,
};
const recordBinding: TableBinding = {
  entity: recordList,
  table: records,
  referencedBy: [],
  foreignKeys: {},
  searchCondition: (term) =>
    or(
      ilike(records.record_number, like(term)),
      inArray(records.record_patient, sql`(SELECT patient_id FROM patients WHERE ${patientSearch(term)})`),
    ),
  computedFilters: {
    records_with_ncts: () =>
      inArray(records.record_id, sql`(SELECT sample_record FROM samples WHERE sample_nct_active)`),
    records_with_anes: () => sql`false`,
    records_validated_today: () =>
      and(
        gte(records.record_validated_at, sql`${parisMidnight(todayInParis())}`),
        sql`${records.record_validated_at} IS NOT NULL`,
      ) ?? sql`false`,
  },
};
const sampleBinding: TableBinding = { entity: sampleList, table: samples, referencedBy: [], foreignKeys: {} };

function todayInParis(): string {
  const day = parisDay();
  return `20${day.slice(0, 2)}-${day.slice(2, 4)}-${day.slice(4, 6)}`;
}

/** Created-from/to (inclusive days in Paris time) of the records and tasks lists. */
function createdBetween(query: ListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.filter_date_from)
    conditions.push(gte(records.record_created, sql`${parisMidnight(query.filter_date_from)}`));
  if (query.filter_date_to)
    conditions.push(
      lt(records.record_created, sql`${parisMidnight(query.filter_date_to)} + interval '1 day'`),
    );
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function createRecordReadService(db: Db) {
  /** Adds to each record the patient's name and birth date, which every list and label shows. */
  async function withPatients<T extends Record<string, unknown>>(rows: T[]) {
    const ids = [...new Set(rows.map((row) => String(row.record_patient)))];
    if (ids.length === 0) return rows;
    const found = await db
      .select({
        id: patients.patient_id,
        surname: patients.patient_surname,
        name: patients.patient_name,
        dob: patients.patient_dob,
        gender: patients.patient_gender,
      })
      .from(patients)
      .where(inArray(patients.patient_id, ids));
    const byId = new Map(found.map((p) => [p.id, p]));
    return rows.map((row) => {
      const patient = byId.get(String(row.record_patient));
      return {
        ...row,
        patient_surname: patient?.surname,
        patient_name: patient?.name,
        patient_dob: patient?.dob,
        patient_gender: patient?.gender,
      };
    });
  }

  return {
    withPatients,

    async listPatients(auth: Authenticated, query: ListQuery) {
      const page = await listRows(db, patientBinding, auth.user.laboratory_id, query);
      return { ...page, data: page.data.map((row) => presentPatient(row as typeof patients.$inferSelect)) };
    },

    async getPatient(auth: Authenticated, patientId: string) {
      const [patient] = await db
        .select()
        .from(patients)
        .where(and(eq(patients.laboratory_id, auth.user.laboratory_id), eq(patients.patient_id, patientId)));
      if (!patient) return fail('patientNotFound');
      return presentPatient(patient);
    },

    async patientHistory(auth: Authenticated, patientId: string) {
      const patient = await this.getPatient(auth, patientId);
      const rows = await db
        .select()
        .from(records)
        .where(and(recordScope(auth), eq(records.record_patient, patientId)))
        .orderBy(desc(records.record_created));
      const ids = rows.map((row) => row.record_id);
      const recordSamples =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(samples)
              .where(inArray(samples.sample_record, ids))
              .orderBy(samples.sample_number);
      return {
        patient,
        records: rows.map((row) => ({
          ...presentRecord(row),
          samples: recordSamples
            .filter((sample) => sample.sample_record === row.record_id)
            .map(presentSample),
        })),
      };
    },

    async listRecords(auth: Authenticated, query: ListQuery) {
      const scope = and(recordScope(auth), createdBetween(query));
      const page = await listRows(db, recordBinding, auth.user.laboratory_id, query, scope);
      return {
        ...page,
        data: await withPatients(page.data.map((row) => presentRecord(row as typeof records.$inferSelect))),
      };
    },

    async getRecord(auth: Authenticated, recordId: string) {
      const [record] = await db
        .select()
        .from(records)
        .where(and(recordScope(auth), eq(records.record_id, recordId)));
      if (!record) return fail('recordNotFound');
      const [patient] = await db
        .select()
        .from(patients)
        .where(eq(patients.patient_id, record.record_patient));
      const recordSamples = await db
        .select()
        .from(samples)
        .where(eq(samples.sample_record, record.record_id))
        .orderBy(samples.sample_number);
      return [
        {
          ...presentRecord(record),
          patient: patient ? presentPatient(patient) : null,
          record_samples: recordSamples.map((sample) => sample.sample_id),
          samples: recordSamples.map(presentSample),
        },
      ];
    },

    /** Every trace of the record, its samples and its patient, oldest first, with the author's name. */
    async trace(auth: Authenticated, recordId: string) {
      const [record] = await db
        .select()
        .from(records)
        .where(and(recordScope(auth), eq(records.record_id, recordId)));
      if (!record) return fail('recordNotFound');
      const sampleIds = (
        await db.select({ id: samples.sample_id }).from(samples).where(eq(samples.sample_record, recordId))
      ).map((s) => s.id);
      const concerns = or(
        and(eq(auditTrail.table_name, 'records'), eq(auditTrail.row_id, recordId)),
        and(eq(auditTrail.table_name, 'patients'), eq(auditTrail.row_id, record.record_patient)),
        sampleIds.length > 0
          ? and(eq(auditTrail.table_name, 'samples'), inArray(auditTrail.row_id, sampleIds))
          : undefined,
      );
      const entries = await db
        .select({ entry: auditTrail, name: users.user_name })
        .from(auditTrail)
        .leftJoin(users, sql`${users.admin_uid}::text = ${auditTrail.modification_by}`)
        .where(and(eq(auditTrail.laboratory_id, auth.user.laboratory_id), concerns))
        .orderBy(auditTrail.modification_id);
      return entries.map(({ entry, name }) => {
        const { laboratory_id: _tenant, ...rest } = entry;
        return {
          ...rest,
          modification_old_value: withoutTenant(entry.modification_old_value),
          modification_new_value: withoutTenant(entry.modification_new_value),
          modification_by_name: name,
          modification_timestamp: toIso(entry.modification_timestamp),
        };
      });
    },

    async listSamples(auth: Authenticated, query: ListQuery) {
      const page = await listRows(db, sampleBinding, auth.user.laboratory_id, query);
      return { ...page, data: page.data.map((row) => presentSample(row as typeof samples.$inferSelect)) };
    },

    async getSample(auth: Authenticated, sampleId: string) {
      const [sample] = await db
        .select()
        .from(samples)
        .where(and(eq(samples.laboratory_id, auth.user.laboratory_id), eq(samples.sample_id, sampleId)));
      if (!sample) return fail('sampleNotFound');
      return [presentSample(sample)];
    },
  };
}

export type RecordReadService = ReturnType<typeof createRecordReadService>;
