import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type DeliveryRow, isErrorCode, type PhoneCallRow, type RecordDeliveries } from '@sil/contract';
import { IconCheck, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format/dates';
import { errorMessage } from '../../../lib/notify';
import { useDeliveryChange, useRecordDeliveries } from './api';
import { DmpLine } from './dmp-line';

/**
 * A send's last error in words: one that starts with a catalogue code ('secureMessagingRefused: 550
 * Mailbox unknown') reads as its message, what the other side said after it in brackets.
 */
function sendError(error: string): string {
  const [code = '', ...rest] = error.split(': ');
  if (!isErrorCode(code)) return error;
  const said = rest.join(': ').trim();
  return said ? `${errorMessage(code)} (${said})` : errorMessage(code);
}

const STATE_COLOR = { pending: 'yellow', sending: 'blue', failed: 'red', done: 'green' } as const;

function StateBadge({ state }: { state: DeliveryRow['delivery_state'] }) {
  const { t } = useTranslation('records');
  return (
    <Badge color={STATE_COLOR[state]} variant="light" data-delivery-state={state}>
      {t(`delivery.state.${state}`)}
    </Badge>
  );
}

/** Who and when, or the system for a send. */
function DoneBy({ by, at }: { by: string | null; at: string | null }) {
  const { t, i18n } = useTranslation('records');
  if (!at) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('delivery.done_by', { who: by ?? t('delivery.system'), when: formatDateTime(at, i18n.language) })}
    </Text>
  );
}

function PhoneChecklist({ calls, editable }: { calls: PhoneCallRow[]; editable: boolean }) {
  const { t } = useTranslation('records');
  const tick = useDeliveryChange('markPhoneCallDone');
  return (
    <Stack gap={4} pl="md">
      {calls.map((call) => (
        <Group key={call.call_id} gap="md" wrap="wrap" data-phone-person={call.call_person}>
          <Stack gap={0}>
            <Text size="sm">{t(`delivery.person.${call.call_person}`)}</Text>
            <DoneBy by={call.call_done_by_name} at={call.call_done_at} />
          </Stack>
          {call.call_done_at ? (
            <IconCheck
              size={18}
              color="var(--mantine-color-green-filled)"
              aria-label={t('delivery.state.done')}
            />
          ) : editable ? (
            <Button
              size="xs"
              variant="light"
              loading={tick.isPending}
              onClick={() => tick.mutate({ call_id: call.call_id })}
              data-action="mark-call-done"
            >
              {t('delivery.mark_called')}
            </Button>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}

function ChannelLine({
  delivery,
  calls,
  editable,
}: {
  delivery: DeliveryRow;
  calls: PhoneCallRow[];
  editable: boolean;
}) {
  const { t } = useTranslation('records');
  const done = useDeliveryChange('markDeliveryDone');
  const retry = useDeliveryChange('retryDelivery');
  const isPhone = delivery.delivery_channel === 'phone';
  const canMark =
    editable && !isPhone && delivery.delivery_state !== 'done' && delivery.delivery_state !== 'sending';
  return (
    <Table.Tr data-delivery-channel={delivery.delivery_channel}>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Stack gap={4}>
          <Group gap="sm">
            <Text fw={500}>{t(`delivery.channel.${delivery.delivery_channel}`)}</Text>
            <StateBadge state={delivery.delivery_state} />
          </Group>
          {delivery.delivery_recipient ? (
            <Text size="sm" c="dimmed">
              {delivery.delivery_recipient}
            </Text>
          ) : null}
          {delivery.delivery_state === 'failed' && delivery.delivery_last_error ? (
            <Text size="sm" c="red" data-delivery-error>
              {t('delivery.failed_after', {
                count: delivery.delivery_attempts,
                error: sendError(delivery.delivery_last_error),
              })}
            </Text>
          ) : null}
          <DoneBy by={delivery.delivery_done_by_name} at={delivery.delivery_done_at} />
          {isPhone ? <PhoneChecklist calls={calls} editable={editable} /> : null}
        </Stack>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Group gap="xs" justify="flex-end">
          {editable && delivery.delivery_state === 'failed' ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={16} />}
              loading={retry.isPending}
              onClick={() => retry.mutate({ delivery_id: delivery.delivery_id })}
              data-action="retry-delivery"
            >
              {t('delivery.retry')}
            </Button>
          ) : null}
          {canMark ? (
            <Button
              size="xs"
              leftSection={<IconCheck size={16} />}
              loading={done.isPending}
              onClick={() => done.mutate({ delivery_id: delivery.delivery_id })}
              data-action="mark-delivery-done"
            >
              {t('delivery.mark_done')}
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function ChannelTable({ data, editable }: { data: RecordDeliveries; editable: boolean }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm">
        <Table.Tbody>
          {data.deliveries.map((delivery) => (
            <ChannelLine
              key={delivery.delivery_id}
              delivery={delivery}
              calls={data.calls}
              editable={editable}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The record's report channels (issue 15 'Delivery'): state, who and when, what is left to do. */
export function DeliveryCard({ recordId, editable }: { recordId: string; editable: boolean }) {
  const { t } = useTranslation('records');
  const deliveries = useRecordDeliveries(recordId);
  const data = deliveries.data;
  return (
    <Stack gap="xs" data-testid="record-deliveries">
      <Title order={2} fz="h4">
        {t('delivery.title')}
      </Title>
      {data && data.deliveries.length > 0 ? (
        <ChannelTable data={data} editable={editable} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('delivery.none')}
        </Text>
      )}
      <DmpLine recordId={recordId} />
    </Stack>
  );
}
