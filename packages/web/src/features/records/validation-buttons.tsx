import { Button } from '@mantine/core';
import { hrefTo, RECORD_STATUS, SAMPLE_STATUS, type WebLocale } from '@sil/contract';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/use-session';

/**
 * The record actions 'validate' and 'invalidate' of spec.md §2: each opens the validation screen in
 * its mode for this record. Validation is offered while a sample may still wait for it,
 * invalidation once a sample is validated; the screen itself says which samples can be chosen.
 */
export function ValidationButtons({
  locale,
  recordId,
  status,
  cancelled,
  sampleStatuses,
}: {
  locale: WebLocale;
  recordId: string;
  status: number;
  cancelled: boolean;
  sampleStatuses: readonly number[];
}) {
  const { t } = useTranslation('records');
  const { rights } = useSession();
  if (cancelled) return null;
  const canValidate = rights?.validation_admin && status < RECORD_STATUS.pendingSubmission;
  const canInvalidate =
    rights?.invalidation_admin && sampleStatuses.some((sample) => sample >= SAMPLE_STATUS.validated);
  return (
    <>
      {canValidate ? (
        <Button
          component={Link}
          to={hrefTo(locale, 'validateRecord', { recordId })}
          color="teal"
          leftSection={<IconCircleCheck size={16} />}
          data-action="open-validate"
        >
          {t('actions.validate')}
        </Button>
      ) : null}
      {canInvalidate ? (
        <Button
          component={Link}
          to={hrefTo(locale, 'invalidateRecord', { recordId })}
          variant="light"
          color="red"
          leftSection={<IconCircleX size={16} />}
          data-action="open-invalidate"
        >
          {t('actions.invalidate')}
        </Button>
      ) : null}
    </>
  );
}
