import type { RouteBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { saveFile } from '../../lib/save-file';

/** Groups of patients sharing the identity traits. */
export function useDuplicates() {
  return useQuery({ queryKey: queryKeys.duplicates, queryFn: () => call('getDuplicates', {}) });
}

/** Merging deletes patients: the groups and the patients table change. The page shows errors. */
export function useResolveDuplicates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'resolveDuplicates'>) => call('resolveDuplicates', { body }),
    meta: { quiet: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.duplicates });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('patients') });
    },
  });
}

/** Declaring a group 'not duplicates' takes it off the groups. The page shows errors. */
export function useDismissDuplicates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'dismissDuplicates'>) => call('dismissDuplicates', { body }),
    meta: { quiet: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.duplicates }),
  });
}

/** Records found by number or patient for the deletion card (first 20, as the records list searches). */
export function useRecordSearch(term: string) {
  return useQuery({
    queryKey: queryKeys.record.pick(term),
    queryFn: () => call('getRecords', { query: { search: term, number_of_records: 20, page_number: 1 } }),
    enabled: term !== '',
  });
}

/** Deleting records changes every list that holds them and their patients' histories. */
export function useDeleteRecords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'deleteRecords'>) => call('deleteRecords', { body }),
    meta: { quiet: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['record'] });
      void client.invalidateQueries({ queryKey: queryKeys.duplicates });
      void client.invalidateQueries({ queryKey: ['patient'] });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('samples') });
    },
  });
}

/** The laboratory's backups and its backup key: one key for both, a backup made changes the list. */
const backupKeys = { list: ['backups', 'list'] as const, key: ['backups', 'key'] as const };

export function useBackups(enabled: boolean) {
  return useQuery({ queryKey: backupKeys.list, queryFn: () => call('getBackups', {}), enabled });
}

export function useBackupKey(enabled: boolean) {
  return useQuery({ queryKey: backupKeys.key, queryFn: () => call('getBackupKey', {}), enabled });
}

export function useSetBackupPassphrase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'setBackupPassphrase'>) => call('setBackupPassphrase', { body }),
    meta: { quiet: true },
    onSuccess: (state) => client.setQueryData(backupKeys.key, state),
  });
}

export function useAddBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('addBackup', { body: {} }),
    meta: { quiet: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: backupKeys.list }),
  });
}

/** Restoring puts rows back anywhere in the laboratory: every list may change. */
export function useRestoreBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'restoreBackup'>) => call('restoreBackup', { body }),
    meta: { quiet: true },
    onSuccess: () => void client.invalidateQueries(),
  });
}

/** The encrypted file, handed to the browser's downloads as it came; a refusal shows its toast. */
export function useDownloadBackup() {
  return useMutation({
    mutationFn: async (backupId: string) => {
      const file = await call('downloadBackup', { query: { backup_id: backupId } });
      const bytes = Uint8Array.from(atob(file.content_base64), (char) => char.charCodeAt(0));
      saveFile({ blob: new Blob([bytes], { type: file.content_type }), fileName: file.file_name });
    },
  });
}

const scheduleKey = ['backups', 'schedule'] as const;

export function useBackupSchedule(enabled: boolean) {
  return useQuery({ queryKey: scheduleKey, queryFn: () => call('getBackupSchedule', {}), enabled });
}

export function useSetBackupSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'setBackupSchedule'>) => call('setBackupSchedule', { body }),
    meta: { quiet: true },
    onSuccess: (schedule) => client.setQueryData(scheduleKey, schedule),
  });
}
