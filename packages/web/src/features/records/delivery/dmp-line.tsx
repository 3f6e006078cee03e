import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import {
  DMP_NOT_SENT_REASONS,
  type DmpNotSentReason,
  decideAccess,
  type RecordDmp,
  routes,
} from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format/dates';
import { useSession } from '../../../lib/use-session';
import { useRecordDmp, useUpdateRecordDmp } from './api';

const STATE_COLOR = {
  none: 'gray',
  sending: 'blue',
  sent: 'green',
  refused: 'red',
  failed: 'red',
  not_sent: 'gray',
} as const satisfies Record<RecordDmp['dmp_state'], string>;

const isNotSentReason = (reason: string | null): reason is DmpNotSentReason =>
  DMP_NOT_SENT_REASONS.includes(reason as DmpNotSentReason);

/**
 * The record's DMP feed on its delivery card (docs/dmp.md): sent, refused with the DMP's reason,
 * out of reach, or not sent and why (no qualified INS, the patient's opposition); whether it is
 * hidden from the patient until a consultation, and whether it replaced an earlier version.
 */
export function DmpLine({ recordId }: { recordId: string }) {
  const { t, i18n } = useTranslation('records');
  const dmp = useRecordDmp(recordId).data;
  if (!dmp) return null;
  if (dmp.dmp_state === 'none') return <HideFromPatient dmp={dmp} />;
  const reason = dmp.dmp_reason;
  return (
    <Stack gap={4} data-testid="record-dmp" data-dmp-state={dmp.dmp_state}>
      <Group gap="sm">
        <Text fw={500}>{t('delivery.dmp.title')}</Text>
        <Badge color={STATE_COLOR[dmp.dmp_state]} variant="light">
          {t(`delivery.dmp.state.${dmp.dmp_state}`)}
        </Badge>
        {dmp.dmp_invisible_to_patient ? (
          <Badge color="grape" variant="light" data-dmp-invisible>
            {t('delivery.dmp.invisible')}
          </Badge>
        ) : null}
      </Group>
      {reason && isNotSentReason(reason) ? (
        <Text size="sm" c="dimmed" data-dmp-reason={reason}>
          {t(`delivery.dmp.reason.${reason}`)}
        </Text>
      ) : reason && dmp.dmp_state !== 'sent' ? (
        <Text size="sm" c={dmp.dmp_state === 'sending' ? 'dimmed' : 'red'} data-dmp-reason>
          {t('delivery.dmp.refusal', { reason })}
        </Text>
      ) : null}
      {dmp.dmp_sent_at ? (
        <Text size="sm" c="dimmed">
          {t('delivery.dmp.sent_at', { when: formatDateTime(dmp.dmp_sent_at, i18n.language) })}
          {dmp.dmp_replaced_document_id ? ` · ${t('delivery.dmp.replaces')}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Before validation, the biologist may hide the record from the patient in the DMP whatever its
 * analyses say (checked: hidden; unchecked: as the laboratory's list says). Shown to those who may.
 */
function HideFromPatient({ dmp }: { dmp: RecordDmp }) {
  const { t } = useTranslation('records');
  const { rights } = useSession();
  const update = useUpdateRecordDmp(dmp.record_id);
  if (!decideAccess(routes.updateRecordDmp.access, rights).allowed) return null;
  return (
    <Checkbox
      label={t('delivery.dmp.hide_from_patient')}
      description={t('delivery.dmp.hide_from_patient_hint')}
      checked={dmp.dmp_invisible_override === true}
      disabled={update.isPending}
      onChange={(event) => update.mutate(event.currentTarget.checked ? true : null)}
      data-action="dmp-hide-from-patient"
    />
  );
}
