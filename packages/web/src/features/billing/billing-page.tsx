import { Alert, Button, Card, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { hrefTo, type WebLocale } from '@sil/contract';
import { BILL_STATES, type BillingListRow, type BillState } from '@sil/contract/billing';
import { IconCheck, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatDateTime } from '../../lib/format/dates';
import { formatCents } from '../../lib/format/numbers';
import { showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useBillingList, useMarkBill } from './api';
import { BValuesCard } from './b-values-card';

const isBillState = (value: string | null): value is BillState =>
  (BILL_STATES as readonly string[]).includes(value ?? '');

function Row({ row, locale, canMark }: { row: BillingListRow; locale: WebLocale; canMark: boolean }) {
  const { t, i18n } = useTranslation('records');
  const billing = useMarkBill('billed');
  const paying = useMarkBill('paid');
  const mark = (which: 'billed' | 'paid') =>
    (which === 'billed' ? billing : paying).mutate(row.record_id, {
      onSuccess: () =>
        showToast('success', t(which === 'billed' ? 'billing.toast_billed' : 'billing.toast_paid')),
    });
  const who = (name: string | null, when: string | null) =>
    when ? `${name ?? '—'} · ${formatDateTime(when, i18n.language)}` : '—';
  return (
    <Table.Tr data-record-number={row.record_number}>
      <Table.Td>
        <Link to={hrefTo(locale, 'previewRecord', { recordId: row.record_id })}>{row.record_number}</Link>
      </Table.Td>
      <Table.Td>
        {row.patient_surname} {row.patient_name}
      </Table.Td>
      <Table.Td>{row.clinic_name ?? '—'}</Table.Td>
      <Table.Td>{formatDate(row.record_prescription_date, i18n.language)}</Table.Td>
      {row.bill_state === 'toBill' ? (
        <Table.Td>{formatDateTime(row.record_validated_at, i18n.language)}</Table.Td>
      ) : (
        <>
          <Table.Td ta="right">{formatCents(row.bill_total_cents, i18n.language)}</Table.Td>
          <Table.Td ta="right">{formatCents(row.bill_quote_cents, i18n.language)}</Table.Td>
          <Table.Td data-testid="billed-by">{who(row.bill_billed_by_name, row.bill_billed_at)}</Table.Td>
          {row.bill_state === 'paid' ? (
            <Table.Td data-testid="paid-by">{who(row.bill_paid_by_name, row.bill_paid_at)}</Table.Td>
          ) : null}
        </>
      )}
      {canMark && row.bill_state !== 'paid' ? (
        <Table.Td>
          {row.bill_state === 'toBill' ? (
            <Button
              size="xs"
              leftSection={<IconReceipt size={14} />}
              loading={billing.isPending}
              onClick={() => mark('billed')}
              data-action="mark-billed"
            >
              {t('billing.mark_billed')}
            </Button>
          ) : (
            <Button
              size="xs"
              color="green"
              leftSection={<IconCheck size={14} />}
              loading={paying.isPending}
              onClick={() => mark('paid')}
              data-action="mark-paid"
            >
              {t('billing.mark_paid')}
            </Button>
          )}
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** billing/{state?}: validated records to bill, billed or paid, for the billing users of spec.md §6. */
export function BillingPage({ locale, state }: { locale: WebLocale; state: string | null }) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const { rights } = useSession();
  const chosen: BillState = isBillState(state) ? state : 'toBill';
  const list = useBillingList(chosen);
  const rows = list.data?.data ?? [];
  // Marking bills is the laboratory's; a clinic's billing user reads its clinic's.
  const canMark = rights?.user_type === 'internal' && rights.billing_user;
  // The B values are the NABM table's companion: its readers see them, its editors change them.
  const nabmLevel = rights?.user_type === 'internal' ? rights.admin_nabms : 0;
  return (
    <Stack>
      <PageHeader title={t('billing.list_title')} subtitle={t('billing.list_subtitle')} />
      <SegmentedControl
        value={chosen}
        onChange={(value) => {
          if (isBillState(value)) void navigate(hrefTo(locale, 'billing', { bill_state: value }));
        }}
        data={BILL_STATES.map((value) => ({ value, label: t(`billing.state.${value}`) }))}
        data-testid="bill-state"
      />
      <Card withBorder padding="sm">
        {list.error ? (
          <Alert color="red">{t('billing.load_error')}</Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed">{list.isPending ? '…' : t('billing.list_empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="billing-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('delivery.record')}</Table.Th>
                  <Table.Th>{t('delivery.patient')}</Table.Th>
                  <Table.Th>{t('billing.clinic')}</Table.Th>
                  <Table.Th>{t('billing.prescription_date')}</Table.Th>
                  {chosen === 'toBill' ? (
                    <Table.Th>{t('billing.validated_at')}</Table.Th>
                  ) : (
                    <>
                      <Table.Th ta="right">{t('billing.total')}</Table.Th>
                      <Table.Th ta="right">{t('billing.total_quote')}</Table.Th>
                      <Table.Th>{t('billing.billed_by_label')}</Table.Th>
                      {chosen === 'paid' ? <Table.Th>{t('billing.paid_by_label')}</Table.Th> : null}
                    </>
                  )}
                  {canMark && chosen !== 'paid' ? <Table.Th /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Row key={row.record_id} row={row} locale={locale} canMark={canMark} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data?.number_of_rows_capped ? (
          <Text size="xs" c="dimmed" mt="xs">
            {t('billing.capped', { count: list.data.number_of_rows })}
          </Text>
        ) : null}
      </Card>
      {nabmLevel > 0 ? <BValuesCard canEdit={nabmLevel >= 2} /> : null}
    </Stack>
  );
}
