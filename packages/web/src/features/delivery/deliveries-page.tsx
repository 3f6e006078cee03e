import { Badge, Card, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import {
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  type DeliveryWorklistRow,
  hrefTo,
  type WebLocale,
} from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format/dates';
import { useDeliveryWorklist } from './api';

const isChannel = (value: string | null): value is DeliveryChannel =>
  (DELIVERY_CHANNELS as readonly string[]).includes(value ?? '');

function Row({ row, locale }: { row: DeliveryWorklistRow; locale: WebLocale }) {
  const { t, i18n } = useTranslation('records');
  return (
    <Table.Tr data-record-number={row.record_number}>
      <Table.Td>
        <Link to={hrefTo(locale, 'previewRecord', { recordId: row.delivery_record })}>
          {row.record_number}
        </Link>
        {row.record_is_urgent ? (
          <Badge ml="xs" size="sm" color="red" variant="light">
            {t('worklists.urgent')}
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>
        {row.patient_surname} {row.patient_name}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={row.delivery_state === 'failed' ? 'red' : 'yellow'}>
          {t(`delivery.state.${row.delivery_state}`)}
        </Badge>
        {row.delivery_last_error ? (
          <Text size="xs" c="red">
            {row.delivery_last_error}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{formatDateTime(row.delivery_last_updated, i18n.language)}</Table.Td>
    </Table.Tr>
  );
}

/** deliveries/{channel?}: the records whose report still waits on one channel (to fax, to phone…). */
export function DeliveriesPage({ locale, channel }: { locale: WebLocale; channel: string | null }) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const chosen: DeliveryChannel = isChannel(channel) ? channel : 'phone';
  const [state, setState] = useState<'open' | 'failed'>('open');
  const worklist = useDeliveryWorklist(chosen, state);
  const rows = worklist.data ?? [];
  return (
    <Stack>
      <PageHeader title={t('delivery.worklist_title')} subtitle={t('delivery.worklist_subtitle')} />
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('delivery.channel_label')}
          data={DELIVERY_CHANNELS.map((value) => ({ value, label: t(`delivery.channel.${value}`) }))}
          value={chosen}
          allowDeselect={false}
          onChange={(value) => {
            if (isChannel(value)) void navigate(hrefTo(locale, 'deliveries', { channel: value }));
          }}
          data-testid="delivery-channel"
        />
        <SegmentedControl
          value={state}
          onChange={(value) => setState(value === 'failed' ? 'failed' : 'open')}
          data={[
            { value: 'open', label: t('delivery.to_do') },
            { value: 'failed', label: t('delivery.failed') },
          ]}
        />
      </Group>
      <Card withBorder padding="sm">
        {rows.length === 0 ? (
          <Text c="dimmed">{worklist.isPending ? '…' : t('delivery.worklist_empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('delivery.record')}</Table.Th>
                  <Table.Th>{t('delivery.patient')}</Table.Th>
                  <Table.Th>{t('delivery.state_label')}</Table.Th>
                  <Table.Th>{t('delivery.since')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Row key={row.delivery_id} row={row} locale={locale} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
