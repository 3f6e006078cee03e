import { Button, Card, FileInput, Group, Select, Switch } from '@mantine/core';
import { PATIENT_UPLOAD_TYPES, RECORD_UPLOAD_TYPES, UploadFields } from '@sil/contract';
import { IconScan, IconUpload } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AgentError } from '../../lib/agent/agent-client';
import { schemaResolver } from '../../lib/form/form-resolver';
import { notifyApiError, showToast } from '../../lib/notify';
import { useDeskScan, useUploadFile } from './api';

/** The multipart fields the user sets, and the file itself; the record comes from the screen. */
const UploadChoice = UploadFields.pick({ document_type: true, appears_in_report: true }).extend({
  file: z.instanceof(File),
});
/** No file until one is picked or scanned: the schema then refuses the upload. */
type UploadValues = Omit<z.input<typeof UploadChoice>, 'file'> & { file: File | null };
type UploadChoice = z.output<typeof UploadChoice>;

/** Fields before the file: the server reads them first (multipart order). */
function multipartOf(recordId: string, values: UploadChoice): FormData {
  const form = new FormData();
  form.append('record_id', recordId);
  form.append('document_type', values.document_type);
  form.append('appears_in_report', String(values.appears_in_report));
  form.append('file', values.file, values.file.name);
  return form;
}

/**
 * Pick a file (or take the desk scanner's newest scan), its document type, then upload it. A scanned
 * prescription is named after the record (`recordNumber`, once the record is read).
 */
export function UploadForm({ recordId, recordNumber }: { recordId: string; recordNumber: string | null }) {
  const { t } = useTranslation('records');
  const form = useForm<UploadValues, unknown, UploadChoice>({
    resolver: schemaResolver(z.custom<UploadValues>().pipe(UploadChoice)),
    defaultValues: { file: null, document_type: 'prescription', appears_in_report: false },
  });
  const [file, type] = form.watch(['file', 'document_type']);
  const uploading = useUploadFile(recordId);
  const scanning = useDeskScan();

  const takeScan = () =>
    scanning.mutate(type === 'prescription' ? recordNumber : null, {
      onSuccess: (scan) => form.setValue('file', scan),
      onError: (error) => {
        const code = error instanceof AgentError ? error.code : 'failed';
        showToast('error', t('actions.agent'), t(`agent.${code}`, { defaultValue: t('agent.failed') }));
      },
    });

  const upload = form.handleSubmit((values) =>
    uploading.mutate(multipartOf(recordId, values), {
      onSuccess: () => {
        showToast('success', t('toast.fileUploaded'), values.file.name);
        form.setValue('file', null);
      },
      onError: notifyApiError,
    }),
  );

  const group = (types: readonly string[], label: string) => ({
    group: label,
    items: types.map((value) => ({ value, label: t(`upload_types.${value}`) })),
  });
  return (
    <Card withBorder>
      <form noValidate onSubmit={(event) => void upload(event)}>
        <Group align="flex-end" wrap="wrap">
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <FileInput
                style={{ flex: '1 1 240px' }}
                label={t('uploads.file')}
                placeholder={t('uploads.file_placeholder')}
                accept="application/pdf,image/png,image/jpeg,image/tiff"
                value={field.value}
                onChange={field.onChange}
                clearable
                data-testid="upload-file"
              />
            )}
          />
          <Button
            variant="light"
            leftSection={<IconScan size={16} />}
            loading={scanning.isPending}
            onClick={takeScan}
            data-action="take-scan"
          >
            {t('uploads.take_scan')}
          </Button>
          <Controller
            control={form.control}
            name="document_type"
            render={({ field }) => (
              <Select
                w={220}
                label={t('uploads.document_type')}
                data={[
                  group(RECORD_UPLOAD_TYPES, t('uploads.record_files')),
                  group(PATIENT_UPLOAD_TYPES, t('uploads.patient_files')),
                ]}
                value={field.value}
                onChange={field.onChange}
                data-testid="upload-type"
              />
            )}
          />
          <Controller
            control={form.control}
            name="appears_in_report"
            render={({ field }) => (
              <Switch
                label={t('uploads.appears_in_report')}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                mb={8}
              />
            )}
          />
          <Button
            type="submit"
            leftSection={<IconUpload size={16} />}
            disabled={!file || !type}
            loading={uploading.isPending}
            data-action="upload"
          >
            {t('uploads.upload')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
