import { Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { AddBValueBody, TERRITORIES, type Territory } from '@sil/contract/billing';
import { IconPlus } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../lib/form/date-field';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { NumberField } from '../../lib/form/number-field';
import { formatDate } from '../../lib/format/dates';
import { formatCents } from '../../lib/format/numbers';
import { showToast } from '../../lib/notify';
import { useAddBValue, useBValues, useUpdateTerritory } from './api';

const isTerritory = (value: string | null): value is Territory =>
  (TERRITORIES as readonly string[]).includes(value ?? '');

/** What the new value's inputs hold: empty until typed. */
interface BValueDraft {
  b_territory: Territory;
  b_valid_from: string;
  b_valid_to: string;
  b_value_cents: number | '';
}

const EMPTY_DRAFT: BValueDraft = {
  b_territory: 'metropolitan',
  b_valid_from: '',
  b_valid_to: '',
  b_value_cents: '',
};

/** The draft checked by the call's own body: an open end is no end date. */
const BValueForm = z
  .custom<BValueDraft>()
  .transform(
    (draft): z.input<typeof AddBValueBody> => ({
      ...draft,
      b_valid_to: draft.b_valid_to || null,
      b_value_cents: draft.b_value_cents === '' ? undefined : draft.b_value_cents,
    }),
  )
  .pipe(AddBValueBody);

/** A dated value of B for a territory, the laboratory's own (NABM editors). */
function AddBValueForm() {
  const { t } = useTranslation('records');
  const { t: tTables } = useTranslation('tables');
  const adding = useAddBValue();
  const form = useForm<BValueDraft, unknown, z.output<typeof AddBValueBody>>({
    resolver: schemaResolver(BValueForm),
    defaultValues: EMPTY_DRAFT,
  });
  const { errors } = form.formState;
  const [from, cents] = form.watch(['b_valid_from', 'b_value_cents']);
  const submit = form.handleSubmit((body) =>
    adding.mutate(body, {
      onSuccess: () => {
        form.reset({ ...EMPTY_DRAFT, b_territory: body.b_territory });
        showToast('success', t('billing.settings_saved'));
      },
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Group align="flex-end" wrap="wrap">
        <Controller
          control={form.control}
          name="b_territory"
          render={({ field }) => (
            <Select
              label={t('billing.territory_label')}
              data={TERRITORIES.map((value) => ({ value, label: t(`billing.territory.${value}`) }))}
              value={field.value}
              allowDeselect={false}
              onChange={(value) => isTerritory(value) && field.onChange(value)}
              w={180}
            />
          )}
        />
        <Controller
          control={form.control}
          name="b_valid_from"
          render={({ field }) => (
            <DateField
              label={t('billing.valid_from')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={issueText(tTables, errors.b_valid_from?.message)}
              data-field="b_valid_from"
            />
          )}
        />
        <Controller
          control={form.control}
          name="b_valid_to"
          render={({ field }) => (
            <DateField
              label={t('billing.valid_to')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={issueText(tTables, errors.b_valid_to?.message)}
              data-field="b_valid_to"
            />
          )}
        />
        <Controller
          control={form.control}
          name="b_value_cents"
          render={({ field }) => (
            <NumberField
              label={t('billing.b_cents')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={1}
              allowDecimal={false}
              name="b_value_cents"
              error={issueText(tTables, errors.b_value_cents?.message)}
              w={140}
            />
          )}
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={16} />}
          disabled={!from || cents === ''}
          loading={adding.isPending}
          data-action="add-b-value"
        >
          {t('billing.add_b_value')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The value of the key letter B (ARCHITECTURE.md 'Money': configuration per laboratory): the
 * laboratory's territory and the dated values, its own over the national ones. NABM readers see
 * them; NABM editors change them.
 */
export function BValuesCard({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('records');
  const values = useBValues();
  const territoryChange = useUpdateTerritory();
  const data = values.data;
  const territoryLabel = (value: Territory) => t(`billing.territory.${value}`);

  const changeTerritory = (value: string | null) => {
    if (!isTerritory(value)) return;
    territoryChange.mutate(
      { territory: value },
      { onSuccess: () => showToast('success', t('billing.settings_saved')) },
    );
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
          onChange={changeTerritory}
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
          <AddBValueForm />
        ) : (
          <Text size="xs" c="dimmed">
            {t('billing.b_read_only')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
