import { type ExchangeFormat, fileRoutes, type RouteBody, type RouteQuery } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { saveFile } from '../../lib/save-file';
import { referenceListRoute } from '../../lib/table/entity-routes';
import { loadEveryRow } from '../../lib/table/list-state';
import { billingDocument } from './billing/api';
import { downloadDocument } from './documents';
import { submitWizard } from './wizard/submit';

/**
 * The records feature's calls: what its screens read, and what they change with the data each
 * change refreshes beside it. Mutations are quiet: the screen that runs one shows its error.
 */

/** One record with its patient and samples (`get-record` answers a one-item array). */
export function useRecord(recordId: string | null) {
  return useQuery({
    queryKey: queryKeys.record.one(recordId ?? ''),
    queryFn: async () => (await call('getRecord', { query: { record_id: recordId ?? '' } }))[0] ?? null,
    enabled: recordId !== null,
  });
}

export function usePatient(patientId: string | null) {
  return useQuery({
    queryKey: queryKeys.patient.one(patientId ?? ''),
    queryFn: async () => (await call('getPatient', { query: { patient_id: patientId ?? '' } }))[0] ?? null,
    enabled: patientId !== null,
  });
}

/** Patients by name, insurance number or date of birth typed DD/MM/YYYY (spec.md §2 step 1). */
export function usePatientSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: queryKeys.patient.search(search),
    queryFn: () => call('getPatients', { query: { search, number_of_records: 20, page_number: 1 } }),
    enabled: search.length >= 2,
  });
}

/** Every analysis of the laboratory, for the analyses step (hidden ones are filtered there). */
export function useAnalyses() {
  return useQuery({
    queryKey: queryKeys.table.loadAll('analyses'),
    queryFn: async () => {
      const route = await referenceListRoute('analyses');
      return loadEveryRow((query) => call(route, { query }));
    },
    staleTime: 30_000,
  });
}

export function useRecordTrace(recordId: string) {
  return useQuery({
    queryKey: queryKeys.record.trace(recordId),
    queryFn: () => call('getRecordTrace', { query: { record_id: recordId } }),
  });
}

/** The label data of a record (staff only: `enabled` is false for the portals). */
export function useLabelData(recordId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.record.labels(recordId),
    queryFn: () => call('getLabelData', { query: { record_id: recordId } }),
    enabled,
  });
}

export function useReceiveRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recordId: string) => call('receiveRecord', { body: { record_id: recordId } }),
    meta: { quiet: true },
    onSuccess: (_answer, recordId) => {
      void client.invalidateQueries({ queryKey: queryKeys.record.one(recordId) });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
    },
  });
}

/** A sample moves forward; its record follows (processing, pending validation). */
export function useMoveSample(recordId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateSampleStatus'>) => call('updateSampleStatus', { body }),
    meta: { quiet: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.record.one(recordId) });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('samples') });
    },
  });
}

/** Internal notes show on the record only: the lists do not carry them. */
export function useSaveNotes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateRecordComments'>) => call('updateRecordComments', { body }),
    meta: { quiet: true },
    onSuccess: (_answer, body) =>
      client.invalidateQueries({ queryKey: queryKeys.record.one(body.record_id) }),
  });
}

/** The cancelled record and its replacement both change. */
export function useCancelRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'cancelRecord'>) => call('cancelRecord', { body }),
    meta: { quiet: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.record.all });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
    },
  });
}

/** The wizard saves through several calls (a patient, then its record): one refresh after all. */
function useRecordsChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
    void client.invalidateQueries({ queryKey: queryKeys.table.all('patients') });
    void client.invalidateQueries({ queryKey: queryKeys.record.all });
    void client.invalidateQueries({ queryKey: queryKeys.patient.all });
  };
}

/** Saves the add-record wizard; records and patients are read again unless the form was refused. */
export function useSubmitWizard() {
  const changed = useRecordsChanged();
  return useMutation({
    mutationFn: submitWizard,
    meta: { quiet: true },
    onSuccess: (outcome) => {
      if (outcome.kind !== 'invalid') changed();
    },
  });
}

/** A second tube on the record (`add-sample`): the record and the sample lists change. */
export function useAddSample(recordId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'addSample'>) => call('addSample', { body }),
    meta: { quiet: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.record.one(recordId) });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('samples') });
    },
  });
}

/** The documents of a record a desk downloads: request form, prescription, fee sheet (cerfa). */
export type RecordDocument = 'getExternalRequestForm' | 'getPrescription' | 'cerfa';

/**
 * One of the record's documents handed to the browser's downloads. Answers false when the report
 * service has none to give ('SKIP DOWNLOAD'): the caller says so.
 */
export function useDownloadRecordDocument(recordId: string) {
  return useMutation({
    mutationFn: async (name: RecordDocument) =>
      downloadDocument(
        name === 'cerfa'
          ? await billingDocument('cerfa', recordId)
          : await call(name, { query: { record_id: recordId } }),
      ),
  });
}

/** The labels the workstation agent could not print, as the report service's PDF (false if none). */
export function useDownloadLabels(recordId: string) {
  return useMutation({
    mutationFn: async (labels: 'barcodes' | 'password') =>
      downloadDocument(
        await call(labels === 'password' ? 'getPasswordLabel' : 'getBarcodeLabels', {
          query: { record_id: recordId },
        }),
      ),
  });
}

/** A clinic prints the external label as a PDF: it has no workstation agent (false if none). */
export function useDownloadExternalLabel(recordId: string) {
  return useMutation({
    mutationFn: async () =>
      downloadDocument(await call('getExternalLabel', { query: { record_id: recordId } })),
  });
}

/** A validated record's results in one exchange format (issue 16), saved as the server names the file. */
export function useExportResults(recordId: string) {
  return useMutation({
    mutationFn: async (format: ExchangeFormat) => {
      const file = await call('exportRecordResults', { query: { record_id: recordId, format } });
      saveFile({ blob: new Blob([file.content], { type: file.content_type }), fileName: file.filename });
      return file.filename;
    },
  });
}

/** The record's CR-BIO in its secure-messaging package (IHE XDM zip), saved as the server names it. */
export function useDownloadXdm(recordId: string) {
  return useMutation({
    mutationFn: async () => {
      const file = await apiDownload(
        fileRoutes.downloadRecordXdm.path,
        { record_id: recordId },
        'IHE_XDM.zip',
      );
      saveFile(file);
      return file.fileName;
    },
  });
}

/**
 * The national INS teleservice asked from the five traits (spec.md §8). A read, run when the user
 * asks: a mutation, whose answer fills the identity step.
 */
export function useInsLookup() {
  return useMutation({
    mutationFn: (query: RouteQuery<'getInsFromIdentityInformation'>) =>
      call('getInsFromIdentityInformation', { query }),
    meta: { quiet: true },
  });
}
