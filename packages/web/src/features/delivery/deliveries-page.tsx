import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  type DeliveryWorklistRow,
  hrefTo,
  PRINTED_CHANNELS,
  type PrintBatch,
  type WebLocale,
} from '@sil/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format/dates';
import { notifyApiError, showToast } from '../../lib/notify';
import { saveFile } from '../../lib/save-file';
import { useDeliveryWorklist, useMarkPrinted, usePrintBatch } from './api';

/** What a downloaded batch awaits: the user's word that it was printed. */
type PendingBatch = Pick<PrintBatch, 'delivery_ids' | 'pages'>;

/**
 * The downloaded batch is kept for the tab (not its PDF): a reload, a narrower window or a visit to
 * another page still finds the question, so that a printed batch is not forgotten unmarked.
 */
const batchKey = (channel: DeliveryChannel) => `sil.print-batch.${channel}`;
function readBatch(channel: DeliveryChannel): PendingBatch | null {
  try {
    const stored = JSON.parse(
      window.sessionStorage.getItem(batchKey(channel)) ?? 'null',
    ) as PendingBatch | null;
    return stored && Array.isArray(stored.delivery_ids) && typeof stored.pages === 'number' ? stored : null;
  } catch {
    return null;
  }
}
function keepBatch(channel: DeliveryChannel, batch: PendingBatch | null): void {
  try {
    if (batch) window.sessionStorage.setItem(batchKey(channel), JSON.stringify(batch));
    else window.sessionStorage.removeItem(batchKey(channel));
  } catch {
    // Storage refused (private mode): the question stays for this screen only.
  }
}

const isChannel = (value: string | null): value is DeliveryChannel =>
  (DELIVERY_CHANNELS as readonly string[]).includes(value ?? '');

interface Selection {
  /** Null where the channel is not printed in batches. */
  checked: boolean | null;
  onToggle: () => void;
}

function Row({
  row,
  locale,
  selection,
}: {
  row: DeliveryWorklistRow;
  locale: WebLocale;
  selection: Selection;
}) {
  const { t, i18n } = useTranslation('records');
  return (
    <Table.Tr data-record-number={row.record_number}>
      {selection.checked === null ? null : (
        <Table.Td>
          <Checkbox
            checked={selection.checked}
            onChange={selection.onToggle}
            aria-label={t('delivery.batch_choose', { number: row.record_number })}
            data-action="choose-for-batch"
          />
        </Table.Td>
      )}
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
  const printable = PRINTED_CHANNELS.includes(chosen) && state === 'open';
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // Only rows still listed can be printed (another user may have marked some meanwhile).
  const selected = rows.filter((row) => picked.has(row.delivery_id)).map((row) => row.delivery_id);
  const [batch, setPendingBatch] = useState<PendingBatch | null>(() => readBatch(chosen));
  const setBatch = (next: PendingBatch | null) => {
    keepBatch(chosen, next);
    setPendingBatch(next);
  };
  const print = usePrintBatch();
  const confirm = useMarkPrinted();
  const toggle = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allPicked = rows.length > 0 && selected.length === rows.length;

  const printBatch = () =>
    print.mutate(selected, {
      onSuccess: (answer) => {
        const bytes = Uint8Array.from(atob(answer.pdf_base64), (char) => char.charCodeAt(0));
        saveFile({ blob: new Blob([bytes], { type: 'application/pdf' }), fileName: answer.filename });
        setBatch({ delivery_ids: answer.delivery_ids, pages: answer.pages });
      },
      onError: notifyApiError,
    });
  const confirmBatch = (done: PendingBatch) =>
    confirm.mutate(done.delivery_ids, {
      onSuccess: (answer) => {
        showToast('success', t('delivery.batch_marked', { count: answer.done.length }));
        setBatch(null);
        setPicked(new Set());
      },
      onError: notifyApiError,
    });

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
      {printable ? (
        <Group wrap="wrap">
          <Button
            leftSection={<IconPrinter size={16} />}
            disabled={selected.length === 0 || batch !== null}
            loading={print.isPending}
            onClick={printBatch}
            data-action="print-batch"
          >
            {t('delivery.batch_print', { count: selected.length })}
          </Button>
          <Text size="sm" c="dimmed">
            {t('delivery.batch_hint')}
          </Text>
        </Group>
      ) : null}
      {printable && batch ? (
        <Alert color="blue" title={t('delivery.batch_downloaded', { count: batch.delivery_ids.length })}>
          <Stack gap="xs">
            <Text size="sm">
              {t(chosen === 'post' ? 'delivery.batch_question_post' : 'delivery.batch_question_paper', {
                count: batch.delivery_ids.length,
                pages: batch.pages,
              })}
            </Text>
            <Group wrap="wrap">
              <Button
                loading={confirm.isPending}
                onClick={() => confirmBatch(batch)}
                data-action="confirm-batch"
              >
                {t(chosen === 'post' ? 'delivery.batch_confirm_post' : 'delivery.batch_confirm_paper')}
              </Button>
              <Button variant="default" onClick={() => setBatch(null)} data-action="cancel-batch">
                {t('delivery.batch_not_yet')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Card withBorder padding="sm">
        {rows.length === 0 ? (
          <Text c="dimmed">{worklist.isPending ? '…' : t('delivery.worklist_empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {printable ? (
                    <Table.Th>
                      <Checkbox
                        checked={allPicked}
                        indeterminate={selected.length > 0 && !allPicked}
                        onChange={() =>
                          setPicked(allPicked ? new Set() : new Set(rows.map((row) => row.delivery_id)))
                        }
                        aria-label={t('delivery.batch_choose_all')}
                        data-action="choose-all-for-batch"
                      />
                    </Table.Th>
                  ) : null}
                  <Table.Th>{t('delivery.record')}</Table.Th>
                  <Table.Th>{t('delivery.patient')}</Table.Th>
                  <Table.Th>{t('delivery.state_label')}</Table.Th>
                  <Table.Th>{t('delivery.since')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Row
                    key={row.delivery_id}
                    row={row}
                    locale={locale}
                    selection={{
                      checked: printable ? picked.has(row.delivery_id) : null,
                      onToggle: () => toggle(row.delivery_id),
                    }}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
