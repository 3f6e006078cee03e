import { Button } from '@mantine/core';
import type { PatientRow } from '@sil/contract';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, showToast } from '../../lib/notify';
import { useTableRights } from '../../lib/table/rights';
import { useCheckInsIdentity } from './api';

/**
 * 'Verify the INS' on a patient whose INS is recorded: the national service is asked again with
 * the recorded traits and the identity status follows its answer (the server decides and traces).
 */
export function CheckInsButton({ patient }: { patient: PatientRow }) {
  const { t } = useTranslation('records');
  const { edit } = useTableRights('admin_patients');
  const check = useCheckInsIdentity();
  if (!edit || !patient.patient_ins) return null;
  const run = () =>
    check.mutate(
      { patient_id: patient.patient_id, patient_last_updated: patient.patient_last_updated },
      {
        onSuccess: (answer) => {
          const status = t(`identity_statuses.${answer.patient_identity_status}`);
          if (answer.outcome === 'confirmed') showToast('success', t('toast.checkInsIdentity'), status);
          else showToast('warning', t('toast.insNotConfirmed'), status);
        },
        onError: notifyApiError,
      },
    );
  return (
    <Button
      variant="light"
      leftSection={<IconShieldCheck size={16} />}
      loading={check.isPending}
      onClick={run}
      data-action="check-ins"
    >
      {t('history.check_ins')}
    </Button>
  );
}
