import { Button, Group } from '@mantine/core';
import { decideAccess, fileRoutes, hrefTo, routes, type WebLocale } from '@sil/contract';
import { IconFilePlus, IconTag, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useDownloadExternalLabel } from './api';

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
  const labelling = useDownloadExternalLabel(recordId);
  const allowed = (access: Parameters<typeof decideAccess>[0]) => decideAccess(access, rights).allowed;

  const printLabel = () =>
    labelling.mutate(undefined, {
      onSuccess: (saved) => {
        if (saved) showToast('success', t('toast.downloadSuccess'));
      },
    });

  return (
    <Group gap="xs" wrap="wrap" data-testid="portal-actions">
      {allowed(routes.getExternalLabel.access) ? (
        <Button
          leftSection={<IconTag size={16} />}
          loading={labelling.isPending}
          onClick={printLabel}
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
