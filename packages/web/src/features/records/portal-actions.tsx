import { Button, Group } from '@mantine/core';
import { decideAccess, fileRoutes, hrefTo, routes, type WebLocale } from '@sil/contract';
import { IconFilePlus, IconTag, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api-client';
import { notifyApiError, showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { downloadDocument } from './documents';

/**
 * What a clinic user does with one of its records (issue 17): print the external label (a PDF,
 * the clinic has no workstation agent), attach files, order another record for the same patient.
 * Each shows only when the call behind it is open to the user.
 */
export function PortalActions({
  locale,
  recordId,
  patientId,
}: {
  locale: WebLocale;
  recordId: string;
  patientId: string;
}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const { rights } = useSession();
  const [busy, setBusy] = useState(false);
  const allowed = (access: Parameters<typeof decideAccess>[0]) => decideAccess(access, rights).allowed;

  const printLabel = async () => {
    setBusy(true);
    try {
      const answer = await call('getExternalLabel', { query: { record_id: recordId } });
      if (downloadDocument(answer)) showToast('success', t('toast.downloadSuccess'));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="xs" wrap="wrap" data-testid="portal-actions">
      {allowed(routes.getExternalLabel.access) ? (
        <Button
          leftSection={<IconTag size={16} />}
          loading={busy}
          onClick={() => void printLabel()}
          data-action="external-label"
        >
          {t('actions.print_external')}
        </Button>
      ) : null}
      {allowed(routes.getUploads.access) ? (
        <Button
          variant="light"
          leftSection={<IconUpload size={16} />}
          onClick={() => void navigate(hrefTo(locale, 'uploads', { upload_record_id: recordId }))}
          data-action="uploads"
        >
          {allowed(fileRoutes.uploadFile.access) ? t('actions.upload') : t('portal.files')}
        </Button>
      ) : null}
      {allowed(routes.addExternalRecord.access) ? (
        <Button
          variant="default"
          leftSection={<IconFilePlus size={16} />}
          onClick={() => void navigate(hrefTo(locale, 'formExternalRecords', { patientId, recordId }))}
          data-action="another-record"
        >
          {t('portal.another_record')}
        </Button>
      ) : null}
    </Group>
  );
}
