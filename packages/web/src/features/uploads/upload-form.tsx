import { Button, Card, FileInput, Group, Select, Switch } from '@mantine/core';
import { PATIENT_UPLOAD_TYPES, RECORD_UPLOAD_TYPES } from '@sil/contract';
import { IconScan, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentError, fetchScan, fileOfScan } from '../../lib/agent/agent-client';
import { notifyApiError, showToast } from '../../lib/notify';
import { useUploadFile } from './api';

/** Pick a file (or take the desk scanner's newest scan), its document type, then upload it. */
export function UploadForm({ recordId }: { recordId: string }) {
  const { t } = useTranslation('records');
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<string | null>('prescription');
  const [inReport, setInReport] = useState(false);
  const [busy, setBusy] = useState<'scan' | 'upload' | null>(null);
  const uploading = useUploadFile(recordId);

  const takeScan = async () => {
    setBusy('scan');
    try {
      setFile(fileOfScan(await fetchScan()));
    } catch (error) {
      const code = error instanceof AgentError ? error.code : 'failed';
      showToast('error', t('actions.agent'), t(`agent.${code}`, { defaultValue: t('agent.failed') }));
    } finally {
      setBusy(null);
    }
  };

  const upload = async () => {
    if (!file || !type) return;
    setBusy('upload');
    // Fields before the file: the server reads them first (multipart order).
    const form = new FormData();
    form.append('record_id', recordId);
    form.append('document_type', type);
    form.append('appears_in_report', String(inReport));
    form.append('file', file, file.name);
    try {
      await uploading.mutateAsync(form);
      showToast('success', t('toast.fileUploaded'), file.name);
      setFile(null);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const group = (types: readonly string[], label: string) => ({
    group: label,
    items: types.map((value) => ({ value, label: t(`upload_types.${value}`) })),
  });
  return (
    <Card withBorder>
      <Group align="flex-end" wrap="wrap">
        <FileInput
          style={{ flex: '1 1 240px' }}
          label={t('uploads.file')}
          placeholder={t('uploads.file_placeholder')}
          accept="application/pdf,image/png,image/jpeg,image/tiff"
          value={file}
          onChange={setFile}
          clearable
          data-testid="upload-file"
        />
        <Button
          variant="light"
          leftSection={<IconScan size={16} />}
          loading={busy === 'scan'}
          onClick={() => void takeScan()}
        >
          {t('uploads.take_scan')}
        </Button>
        <Select
          w={220}
          label={t('uploads.document_type')}
          data={[
            group(RECORD_UPLOAD_TYPES, t('uploads.record_files')),
            group(PATIENT_UPLOAD_TYPES, t('uploads.patient_files')),
          ]}
          value={type}
          onChange={setType}
          data-testid="upload-type"
        />
        <Switch
          label={t('uploads.appears_in_report')}
          checked={inReport}
          onChange={(event) => setInReport(event.currentTarget.checked)}
          mb={8}
        />
        <Button
          leftSection={<IconUpload size={16} />}
          disabled={!file || !type}
          loading={busy === 'upload'}
          onClick={() => void upload()}
          data-action="upload"
        >
          {t('uploads.upload')}
        </Button>
      </Group>
    </Card>
  );
}
