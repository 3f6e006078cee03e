import { Button, Card, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  decideAccess,
  EXCHANGE_FORMATS,
  type ExchangeDestinationSettings,
  type ExchangeFormat,
  routes,
} from '@sil/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage, notifyApiError, showToast } from '../../lib/notify';
import { fieldIssues } from '../../lib/table/field-issues';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useSession } from '../../lib/use-session';
import { useExchangeDestination, useUpdateExchangeDestination } from './api';
import { type Target, TargetFields, targetOf, urlError, urlOf } from './exchange-target-fields';

interface Row extends Target {
  /** A key of its own: rows are added and removed before they have a prescriber. */
  key: number;
  prescriber_id: string | null;
  format: ExchangeFormat;
}
interface Draft extends Target {
  format: ExchangeFormat | null;
  rows: Row[];
}

let nextKey = 0;
const draftOf = (saved: ExchangeDestinationSettings): Draft => ({
  format: saved.exchange_format,
  ...targetOf(saved.exchange_url),
  rows: saved.exchange_prescribers.map((row) => ({
    key: nextKey++,
    prescriber_id: row.prescriber_id,
    format: row.exchange_format,
    ...targetOf(row.exchange_url),
  })),
});

function useFormatChoices(withNone: boolean) {
  const { t } = useTranslation('settings');
  const { t: tRecords } = useTranslation('records');
  return [
    ...(withNone ? [{ value: 'none', label: t('exchange_destination.format_none') }] : []),
    ...EXCHANGE_FORMATS.map((format) => ({ value: format, label: tRecords(`exchange.${format}`) })),
  ];
}

function DestinationForm({ saved }: { saved: ExchangeDestinationSettings }) {
  const { t } = useTranslation('settings');
  const save = useUpdateExchangeDestination();
  const prescribers = useLoadAll('prescribers');
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<Record<string, string>>({});
  const defaultChoices = useFormatChoices(true);
  const rowChoices = useFormatChoices(false);
  // The names the server gave win over the list's (surname only); a prescriber the user cannot list still reads.
  const known = new Map(saved.exchange_prescribers.map((row) => [row.prescriber_id, row.prescriber_label]));
  const choices = [
    ...prescribers.choices.map((choice) => ({ ...choice, label: known.get(choice.value) ?? choice.label })),
    ...[...known]
      .filter(([id]) => !prescribers.choices.some((choice) => choice.value === id))
      .map(([value, label]) => ({ value, label })),
  ];

  const rowError = (row: Row, index: number) => {
    if (row.prescriber_id === null) return t('exchange_destination.prescriber_required');
    if (draft.rows.findIndex((other) => other.prescriber_id === row.prescriber_id) !== index)
      return t('exchange_destination.prescriber_twice');
    return refused[`exchange_prescribers.${index}.prescriber_id`] ?? null;
  };
  const urlMessage = (target: Target) => {
    const code = urlError(target);
    return code ? t(`exchange_destination.${code}`) : null;
  };
  const invalid =
    (draft.format !== null && urlMessage(draft) !== null) ||
    draft.rows.some((row, index) => rowError(row, index) !== null || urlMessage(row) !== null);

  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setRefused({});
  };
  const changeRow = (index: number, next: Partial<Row>) =>
    change({ rows: draft.rows.map((row, at) => (at === index ? { ...row, ...next } : row)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (invalid) return;
    // mutateAsync: the saved destination replaces this form (keyed by the laboratory's stamp)
    // before mutate's own callbacks would run.
    save
      .mutateAsync({
        exchange_format: draft.format,
        exchange_url: draft.format ? urlOf(draft) : null,
        exchange_prescribers: draft.rows.map((row) => ({
          prescriber_id: String(row.prescriber_id),
          exchange_format: row.format,
          exchange_url: urlOf(row),
        })),
        laboratory_last_updated: saved.laboratory_last_updated,
      })
      .then(
        (answer) => {
          setDraft(draftOf(answer));
          setTried(false);
          showToast('success', t('exchange_destination.saved'));
        },
        (error: unknown) => {
          // A prescriber deleted meanwhile: said under its row as well as in the toast.
          if (error instanceof ApiError && error.code === 'prescriberNotFound') {
            const unknown = t('exchange_destination.prescriber_unknown');
            setRefused(Object.fromEntries(fieldIssues(error).map((issue) => [issue.path, unknown])));
          }
          // A URL leading to an internal network (issue 38): said under the URL the server named.
          if (error instanceof ApiError && error.code === 'destinationNotAllowed') {
            const message = errorMessage(error.code);
            setRefused(Object.fromEntries(fieldIssues(error).map((issue) => [issue.path, message])));
          }
          notifyApiError(error);
        },
      );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label={t('exchange_destination.format')}
          data={defaultChoices}
          value={draft.format ?? 'none'}
          onChange={(value) =>
            change({ format: value && value !== 'none' ? (value as ExchangeFormat) : null })
          }
          allowDeselect={false}
          data-field="exchange_format"
        />
        {draft.format ? (
          <TargetFields
            name="exchange"
            target={draft}
            onChange={(target) => change(target)}
            error={(tried ? urlMessage(draft) : null) ?? refused.exchange_url ?? null}
          />
        ) : null}
        <div>
          <Title order={3} fz="h5" mt="sm">
            {t('exchange_destination.prescribers_heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('exchange_destination.prescribers_intro')}
          </Text>
        </div>
        {draft.rows.map((row, index) => (
          <Paper key={row.key} withBorder radius="md" p="sm" data-row="exchange-prescriber">
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
                <Select
                  label={t('exchange_destination.prescriber')}
                  data={choices}
                  value={row.prescriber_id}
                  onChange={(value) => changeRow(index, { prescriber_id: value })}
                  searchable
                  disabled={!prescribers.allowed && row.prescriber_id === null}
                  description={
                    prescribers.allowed ? undefined : t('exchange_destination.no_prescribers_right')
                  }
                  nothingFoundMessage={t('exchange_destination.nothing_found')}
                  error={
                    tried || refused[`exchange_prescribers.${index}.prescriber_id`]
                      ? rowError(row, index)
                      : null
                  }
                  data-field="exchange_prescriber"
                />
                <Select
                  label={t('exchange_destination.format')}
                  data={rowChoices}
                  value={row.format}
                  onChange={(value) => value && changeRow(index, { format: value as ExchangeFormat })}
                  allowDeselect={false}
                  data-field="exchange_prescriber_format"
                />
              </SimpleGrid>
              <TargetFields
                name="exchange_prescriber"
                target={row}
                onChange={(target) => changeRow(index, target)}
                error={
                  (tried ? urlMessage(row) : null) ??
                  refused[`exchange_prescribers.${index}.exchange_url`] ??
                  null
                }
              />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  onClick={() => change({ rows: draft.rows.filter((_, at) => at !== index) })}
                  data-action="remove-exchange-prescriber"
                >
                  {t('exchange_destination.remove')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() =>
              change({
                rows: [
                  ...draft.rows,
                  { key: nextKey++, prescriber_id: null, format: 'hprim', mode: 'drop', url: '' },
                ],
              })
            }
            data-action="add-exchange-prescriber"
          >
            {t('exchange_destination.add')}
          </Button>
          <Button type="submit" loading={save.isPending} data-action="save-exchange-destination">
            {t('exchange_destination.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What a reader without the right to change it sees: the destinations, in words. */
function DestinationSummary({ saved }: { saved: ExchangeDestinationSettings }) {
  const { t } = useTranslation('settings');
  const { t: tRecords } = useTranslation('records');
  const where = (url: string | null) => url ?? t('exchange_destination.mode_drop');
  return (
    <Stack gap="xs">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {saved.exchange_format
          ? t('exchange_destination.default_line', {
              format: tRecords(`exchange.${saved.exchange_format}`),
              destination: where(saved.exchange_url),
            })
          : t('exchange_destination.format_none')}
      </Text>
      {saved.exchange_prescribers.map((row) => (
        <Text key={row.prescriber_id} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('exchange_destination.prescriber_line', {
            prescriber: row.prescriber_label,
            format: tRecords(`exchange.${row.exchange_format}`),
            destination: where(row.exchange_url),
          })}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {t('exchange_destination.read_only')}
      </Text>
    </Stack>
  );
}

/**
 * Where validated records' results are sent as HPRIM, HL7, FHIR or CDA (issue 16): the
 * laboratory's destination and its prescribers' own. Read by the staff, changed by an administrator.
 */
export function ExchangeDestinationCard() {
  const { t } = useTranslation('settings');
  const { rights } = useSession();
  const readable = decideAccess(routes.getExchangeDestination.access, rights).allowed;
  const editable = decideAccess(routes.updateExchangeDestination.access, rights).allowed;
  const destination = useExchangeDestination(readable);
  if (!readable) return null;
  return (
    <Card withBorder radius="md" padding="lg" maw={720} mb="lg" data-testid="exchange-destination">
      <Title order={2} fz="h4">
        {t('exchange_destination.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('exchange_destination.intro')}
      </Text>
      {!destination.data ? (
        <Text c="dimmed">…</Text>
      ) : editable ? (
        <DestinationForm key={destination.data.laboratory_last_updated} saved={destination.data} />
      ) : (
        <DestinationSummary saved={destination.data} />
      )}
    </Card>
  );
}
