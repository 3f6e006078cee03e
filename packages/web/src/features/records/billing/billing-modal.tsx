import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BillingActLine } from '@sil/contract/billing';
import { IconFileInvoice, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format/dates';
import { formatCents } from '../../../lib/format/numbers';
import { showToast } from '../../../lib/notify';
import { useBillingDetails, useDownloadBillingDocument } from './api';

function ActState({ line }: { line: BillingActLine }) {
  const { t } = useTranslation('records');
  if (line.billed)
    return (
      <Badge variant="light" color={line.nabm_refund ? 'green' : 'grape'}>
        {t(line.nabm_refund ? 'billing.billed_act' : 'billing.quoted_act')}
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge variant="light" color="orange">
        {t('billing.not_billed')}
      </Badge>
      <Text size="xs" data-rule={line.rule ?? ''}>
        {t(`billing.rules.${line.rule ?? 'unknownAct'}`, {
          with: line.rule_with ?? '',
          limit: line.rule_limit ?? '',
        })}
      </Text>
    </Stack>
  );
}

/** The record action 'billing details': acts with coefficient B, the national rules, Total, Total quote, To pay. */
export function BillingModal({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('records');
  const phone = useMediaQuery('(max-width: 575.98px)');
  const details = useBillingDetails(recordId);
  const downloading = useDownloadBillingDocument(recordId);
  const money = (cents: number) => formatCents(cents, i18n.language);
  const data = details.data;

  const download = (kind: 'cerfa' | 'quote') =>
    downloading.mutate(kind, {
      onSuccess: (saved) =>
        saved
          ? showToast('success', t('toast.downloadSuccess'))
          : showToast('info', t(kind === 'cerfa' ? 'billing.no_cerfa' : 'billing.no_quote')),
    });
  const loadingDocument = (kind: 'cerfa' | 'quote') =>
    downloading.isPending && downloading.variables === kind;

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={t('billing.title')}
      data-testid="billing-details"
    >
      {details.isLoading ? (
        <Center py="lg">
          <Loader />
        </Center>
      ) : details.error ? (
        <Alert color="red">{t('billing.load_error')}</Alert>
      ) : data ? (
        <Stack>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light">{t(`billing.state.${data.bill_state}`)}</Badge>
            <Text size="sm">
              {t('billing.b_value', {
                value: money(data.b_value_cents),
                date: formatDate(data.billing_date, i18n.language),
                territory: t(`billing.territory.${data.territory}`),
              })}
            </Text>
            <Text size="sm" c={data.insured ? undefined : 'orange'}>
              {t(data.insured ? 'billing.insured' : 'billing.not_insured')}
            </Text>
          </Group>
          {data.rules_applied.length > 0 ? (
            <Alert color="orange" title={t('billing.rules_title')} data-testid="billing-rules">
              {data.rules_applied.map((rule) => t(`billing.rule_names.${rule}`)).join(' · ')}
            </Alert>
          ) : null}
          {data.acts.length === 0 && data.costs.length === 0 ? (
            <Text c="dimmed">{t('billing.no_acts')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped data-testid="billing-acts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('billing.code')}</Table.Th>
                    <Table.Th>{t('billing.analysis')}</Table.Th>
                    <Table.Th ta="right">{t('billing.coefficient')}</Table.Th>
                    <Table.Th ta="right">{t('billing.amount')}</Table.Th>
                    <Table.Th>{t('billing.state_label')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.acts.map((line) => (
                    <Table.Tr key={`${line.analysis_id}-${line.nabm_code}`} data-code={line.nabm_code}>
                      <Table.Td>{line.nabm_code}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{line.analysis_name}</Text>
                        {line.nabm_wording ? (
                          <Text size="xs" c="dimmed">
                            {line.nabm_wording}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">B {line.nabm_coef_b.toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td ta="right" td={line.billed ? undefined : 'line-through'}>
                        {money(line.amount_cents)}
                      </Table.Td>
                      <Table.Td>
                        <ActState line={line} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {data.costs.map((cost) => (
                    <Table.Tr key={`cost-${cost.analysis_id}`}>
                      <Table.Td>—</Table.Td>
                      <Table.Td>
                        <Text size="sm">{cost.analysis_name}</Text>
                        <Text size="xs" c="dimmed">
                          {t('billing.custom_cost')}
                        </Text>
                      </Table.Td>
                      <Table.Td />
                      <Table.Td ta="right">{money(cost.amount_cents)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color="grape">
                          {t('billing.quoted_act')}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <SimpleGrid cols={{ base: 1, xs: 3 }} data-testid="billing-totals">
            <div data-total="total">
              <Text size="xs" c="dimmed">
                {t('billing.total')}
              </Text>
              <Text fw={700}>{money(data.total_cents)}</Text>
            </div>
            <div data-total="quote">
              <Text size="xs" c="dimmed">
                {t('billing.total_quote')}
              </Text>
              <Text fw={700}>{money(data.total_quote_cents)}</Text>
            </div>
            <div data-total="to-pay">
              <Text size="xs" c="dimmed">
                {t('billing.to_pay')}
              </Text>
              <Text fw={700}>{money(data.to_pay_cents)}</Text>
            </div>
          </SimpleGrid>
          {data.bill_billed_at ? (
            <Text size="sm" c="dimmed">
              {t('billing.billed_by', {
                name: data.bill_billed_by_name ?? '—',
                when: formatDateTime(data.bill_billed_at, i18n.language),
              })}
              {data.bill_paid_at
                ? ` · ${t('billing.paid_by', {
                    name: data.bill_paid_by_name ?? '—',
                    when: formatDateTime(data.bill_paid_at, i18n.language),
                  })}`
                : ''}
            </Text>
          ) : null}
          <Group justify="flex-end" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconReceipt size={16} />}
              loading={loadingDocument('quote')}
              onClick={() => download('quote')}
              data-action="quote"
            >
              {t('billing.quote')}
            </Button>
            <Button
              leftSection={<IconFileInvoice size={16} />}
              loading={loadingDocument('cerfa')}
              onClick={() => download('cerfa')}
              data-action="cerfa-from-details"
            >
              {t('actions.cerfa')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
