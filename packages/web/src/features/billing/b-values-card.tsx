import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { TERRITORIES, type Territory } from '@sil/contract/billing';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format/dates';
import { formatCents } from '../../lib/format/numbers';
import { notifyApiError, showToast } from '../../lib/notify';
import { useAddBValue, useBValues, useUpdateTerritory } from './api';

const isTerritory = (value: string | null): value is Territory =>
  (TERRITORIES as readonly string[]).includes(value ?? '');

/**
 * The value of the key letter B (ARCHITECTURE.md 'Money': configuration per laboratory): the
 * laboratory's territory and the dated values, its own over the national ones. NABM readers see
 * them; NABM editors change them.
 */
export function BValuesCard({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('records');
  const values = useBValues();
  const territoryChange = useUpdateTerritory();
  const adding = useAddBValue();
  const [draft, setDraft] = useState<{ territory: Territory; from: string; to: string; cents: number | '' }>({
    territory: 'metropolitan',
    from: '',
    to: '',
    cents: '',
  });
  const data = values.data;
  const territoryLabel = (value: Territory) => t(`billing.territory.${value}`);

  const changeTerritory = async (value: string | null) => {
    if (!isTerritory(value)) return;
    try {
      await territoryChange.mutateAsync({ territory: value });
      showToast('success', t('billing.settings_saved'));
    } catch (error) {
      notifyApiError(error);
    }
  };
  const add = async () => {
    try {
      await adding.mutateAsync({
        b_territory: draft.territory,
        b_valid_from: draft.from,
        b_valid_to: draft.to || null,
        b_value_cents: draft.cents === '' ? 0 : draft.cents,
      });
      setDraft({ ...draft, from: '', to: '', cents: '' });
      showToast('success', t('billing.settings_saved'));
    } catch (error) {
      notifyApiError(error);
    }
  };

  return (
    <Card withBorder padding="sm" data-testid="b-values">
      <Stack gap="sm">
        <Title order={4}>{t('billing.b_title')}</Title>
        <Select
          label={t('billing.territory_label')}
          data={TERRITORIES.map((value) => ({ value, label: territoryLabel(value) }))}
          value={data?.territory ?? null}
          allowDeselect={false}
          disabled={!canEdit || !data}
          onChange={(value) => void changeTerritory(value)}
          maw={320}
          data-testid="billing-territory"
        />
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.territory_label')}</Table.Th>
                <Table.Th>{t('billing.valid_from')}</Table.Th>
                <Table.Th>{t('billing.valid_to')}</Table.Th>
                <Table.Th ta="right">{t('billing.b_column')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.values ?? []).map((row) => (
                <Table.Tr key={row.b_value_id}>
                  <Table.Td>{territoryLabel(row.b_territory)}</Table.Td>
                  <Table.Td>{formatDate(row.b_valid_from, i18n.language)}</Table.Td>
                  <Table.Td>{row.b_valid_to ? formatDate(row.b_valid_to, i18n.language) : '—'}</Table.Td>
                  <Table.Td ta="right">{formatCents(row.b_value_cents, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.b_own ? 'blue' : 'gray'}>
                      {t(row.b_own ? 'billing.own_value' : 'billing.national_value')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {canEdit ? (
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('billing.territory_label')}
              data={TERRITORIES.map((value) => ({ value, label: territoryLabel(value) }))}
              value={draft.territory}
              allowDeselect={false}
              onChange={(value) => isTerritory(value) && setDraft({ ...draft, territory: value })}
              w={180}
            />
            <TextInput
              type="date"
              label={t('billing.valid_from')}
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
              name="b_valid_from"
            />
            <TextInput
              type="date"
              label={t('billing.valid_to')}
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
              name="b_valid_to"
            />
            <NumberInput
              label={t('billing.b_cents')}
              value={draft.cents}
              min={1}
              allowDecimal={false}
              onChange={(value) => setDraft({ ...draft, cents: typeof value === 'number' ? value : '' })}
              name="b_value_cents"
              w={140}
            />
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={!draft.from || draft.cents === ''}
              loading={adding.isPending}
              onClick={() => void add()}
              data-action="add-b-value"
            >
              {t('billing.add_b_value')}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('billing.b_read_only')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
