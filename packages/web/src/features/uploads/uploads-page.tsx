import { ActionIcon, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import {
  decideAccess,
  fileRoutes,
  hrefTo,
  type PortalUploadRow,
  routes,
  type WebLocale,
} from '@sil/contract';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format/dates';
import { notifyApiError, showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useDeleteUpload, useDownloadUpload, usePickedRecord, useUploads } from './api';
import { RecordPicker } from './record-picker';
import { UploadForm } from './upload-form';

/** '12 ko' in French, '12 KB' in English, with the language's decimal mark. */
function sizeText(bytes: number, t: (key: string, options: { size: string }) => string, locale: string) {
  if (bytes < 1024 * 1024) return t('uploads.size_kb', { size: String(Math.ceil(bytes / 1024)) });
  const mb = (bytes / 1048576).toLocaleString(locale, { maximumFractionDigits: 1 });
  return t('uploads.size_mb', { size: mb });
}

/** uploads/{upload_record_id?}: the documents of a record, added, downloaded, deleted (spec.md §2). */
export function UploadsPage({ locale, recordId }: { locale: WebLocale; recordId: string | null }) {
  const { t, i18n } = useTranslation('records');
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<PortalUploadRow | null>(null);
  const uploads = useUploads(recordId);
  const picked = usePickedRecord(recordId);
  const deleting = useDeleteUpload(recordId);
  const downloading = useDownloadUpload();
  // A clinic's medical user adds and reads its records' files; deleting stays the laboratory's.
  const { rights } = useSession();
  const canUpload = decideAccess(fileRoutes.uploadFile.access, rights).allowed;
  const canDelete = decideAccess(routes.deleteUpload.access, rights).allowed;
  // The record the user just picked: its files, once loaded, are announced (fetchedRecordFiles,
  // spec.md §8), once; a list read again after an upload or a deletion is not.
  const [asked, setAsked] = useState<string | null>(null);
  const fetched = uploads.isSuccess && asked !== null && asked === recordId ? uploads.data.length : null;
  useEffect(() => {
    if (fetched === null) return;
    setAsked(null);
    showToast('success', t('toast.fetchedRecordFiles'), t('uploads.files_count', { count: fetched }));
  }, [fetched, t]);

  const download = (row: PortalUploadRow) =>
    downloading.mutate(row, { onSuccess: () => showToast('success', t('toast.downloadSuccess')) });
  const remove = (row: PortalUploadRow) =>
    deleting.mutate(row.upload_id, {
      onSuccess: () => showToast('success', t('toast.fileDeleted'), row.upload_name),
      onError: notifyApiError,
      onSettled: () => setRemoving(null),
    });

  return (
    <Stack>
      <PageHeader title={t('uploads.title')} />
      <RecordPicker
        value={recordId}
        onChange={(id) => {
          setAsked(id);
          void navigate(hrefTo(locale, 'uploads', { upload_record_id: id ?? undefined }));
        }}
      />
      {recordId && canUpload ? (
        <UploadForm recordId={recordId} recordNumber={picked.data?.record_number ?? null} />
      ) : null}
      {recordId && (uploads.data ?? []).length === 0 && !uploads.isLoading ? (
        <Text c="dimmed">{t('uploads.none')}</Text>
      ) : null}
      {(uploads.data ?? []).length > 0 ? (
        // On a phone the date and 'appears in report' columns give way, so the actions stay in view.
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-testid="uploads">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('uploads.name')}</Table.Th>
                <Table.Th>{t('uploads.document_type')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('uploads.date')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('uploads.appears_in_report')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(uploads.data ?? []).map((row) => (
                <Table.Tr key={row.upload_id}>
                  <Table.Td>
                    {row.upload_name}{' '}
                    <Text span size="xs" c="dimmed">
                      {sizeText(row.upload_size, t, i18n.language)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {t(`upload_types.${row.upload_document_type}`, {
                      defaultValue: row.upload_document_type,
                    })}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{formatDateTime(row.upload_created, i18n.language)}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    {row.upload_appears_in_report ? <Badge variant="light">{t('summary.yes')}</Badge> : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('uploads.download')}
                        loading={downloading.isPending && downloading.variables?.upload_id === row.upload_id}
                        onClick={() => download(row)}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                      {canDelete ? (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('uploads.delete')}
                          onClick={() => setRemoving(row)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('uploads.delete')}>
        <Text>{t('uploads.delete_text', { name: removing?.upload_name ?? '' })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('common.close')}
          </Button>
          <Button color="red" loading={deleting.isPending} onClick={() => removing && remove(removing)}>
            {t('uploads.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
