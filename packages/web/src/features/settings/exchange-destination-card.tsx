import { Button, Card, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  decideAccess,
  EXCHANGE_FORMATS,
  ExchangeDestinationBody,
  type ExchangeDestinationSettings,
  type ExchangeFormat,
  routes,
} from '@sil/contract';
import { Controller, type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { schemaResolver } from '../../lib/form/form-resolver';
import { errorMessage, showToast } from '../../lib/notify';
import { fieldIssues } from '../../lib/table/field-issues';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useSession } from '../../lib/use-session';
import { useExchangeDestination, useUpdateExchangeDestination } from './api';
import { type Target, TargetFields, targetOf, urlError, urlOf } from './exchange-target-fields';

/** One prescriber's destination as the row holds it: no prescriber chosen yet, drop or URL. */
interface RowDraft {
  prescriber_id: string | null;
  exchange_format: ExchangeFormat;
  target: Target;
}
/** What the form holds: the laboratory's destination and its prescribers' rows. */
interface DestinationDraft {
  exchange_format: ExchangeFormat | null;
  target: Target;
  exchange_prescribers: RowDraft[];
  laboratory_last_updated: string;
}

const draftOf = (saved: ExchangeDestinationSettings): DestinationDraft => ({
  exchange_format: saved.exchange_format,
  target: targetOf(saved.exchange_url),
  exchange_prescribers: saved.exchange_prescribers.map((row) => ({
    prescriber_id: row.prescriber_id,
    exchange_format: row.exchange_format,
    target: targetOf(row.exchange_url),
  })),
  laboratory_last_updated: saved.laboratory_last_updated,
});

/** Messages of this card (settings `exchange_destination.*`); anything else is already in words. */
const CARD_MESSAGES = new Set(['url_required', 'url_invalid', 'prescriber_required', 'prescriber_twice']);

/**
 * The draft checked in the card's words (a row without a prescriber, a prescriber twice, a URL that
 * is missing or not one), then as sent by the call's own body.
 */
const DestinationFields = z
  .custom<DestinationDraft>()
  .superRefine((draft, context) => {
    const urlIssue = (target: Target, path: (string | number)[]) => {
      const code = urlError(target);
      if (code) context.addIssue({ code: 'custom', path, message: code });
    };
    if (draft.exchange_format !== null) urlIssue(draft.target, ['target']);
    draft.exchange_prescribers.forEach((row, index) => {
      const path = ['exchange_prescribers', index];
      if (row.prescriber_id === null)
        context.addIssue({
          code: 'custom',
          path: [...path, 'prescriber_id'],
          message: 'prescriber_required',
        });
      else if (
        draft.exchange_prescribers.findIndex((other) => other.prescriber_id === row.prescriber_id) !== index
      )
        context.addIssue({ code: 'custom', path: [...path, 'prescriber_id'], message: 'prescriber_twice' });
      urlIssue(row.target, [...path, 'target']);
    });
  })
  .transform(
    (draft): z.input<typeof ExchangeDestinationBody> => ({
      exchange_format: draft.exchange_format,
      exchange_url: draft.exchange_format ? urlOf(draft.target) : null,
      exchange_prescribers: draft.exchange_prescribers.map((row) => ({
        prescriber_id: String(row.prescriber_id),
        exchange_format: row.exchange_format,
        exchange_url: urlOf(row.target),
      })),
      laboratory_last_updated: draft.laboratory_last_updated,
    }),
  )
  .pipe(ExchangeDestinationBody);

/** The server names the body's fields; the form holds a row's or the laboratory's URL in its target. */
const formPathOf = (path: string) =>
  path.replace(/(^|\.)exchange_url$/, '$1target') as FieldPath<DestinationDraft>;

function useFormatChoices(withNone: boolean) {
  const { t } = useTranslation('settings');
  const { t: tRecords } = useTranslation('records');
  return [
    ...(withNone ? [{ value: 'none', label: t('exchange_destination.format_none') }] : []),
    ...EXCHANGE_FORMATS.map((format) => ({ value: format, label: tRecords(`exchange.${format}`) })),
  ];
}

function DestinationForm({
  saved,
  pending,
  onSave,
}: {
  saved: ExchangeDestinationSettings;
  pending: boolean;
  onSave: (body: z.output<typeof ExchangeDestinationBody>, onError: (error: Error) => void) => void;
}) {
  const { t } = useTranslation('settings');
  const prescribers = useLoadAll('prescribers');
  const form = useForm<DestinationDraft, unknown, z.output<typeof ExchangeDestinationBody>>({
    resolver: schemaResolver(DestinationFields),
    defaultValues: draftOf(saved),
  });
  const rows = useFieldArray({ control: form.control, name: 'exchange_prescribers' });
  const format = useWatch({ control: form.control, name: 'exchange_format' });
  const { errors } = form.formState;
  const words = (message: string | undefined) =>
    message === undefined
      ? null
      : CARD_MESSAGES.has(message)
        ? t(`exchange_destination.${message}`)
        : message;
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

  const submit = form.handleSubmit((body) =>
    onSave(body, (error) => {
      // A prescriber deleted meanwhile, or a URL leading to an internal network (issue 38): said
      // under the input the server named as well as in the toast.
      if (!(error instanceof ApiError)) return;
      const message =
        error.code === 'prescriberNotFound'
          ? t('exchange_destination.prescriber_unknown')
          : error.code === 'destinationNotAllowed'
            ? errorMessage(error.code)
            : null;
      if (message === null) return;
      for (const issue of fieldIssues(error))
        form.setError(formPathOf(issue.path), { type: 'server', message });
    }),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Controller
          control={form.control}
          name="exchange_format"
          render={({ field }) => (
            <Select
              label={t('exchange_destination.format')}
              data={defaultChoices}
              value={field.value ?? 'none'}
              onChange={(value) =>
                field.onChange(value && value !== 'none' ? (value as ExchangeFormat) : null)
              }
              allowDeselect={false}
              data-field="exchange_format"
            />
          )}
        />
        {format ? (
          <Controller
            control={form.control}
            name="target"
            render={({ field }) => (
              <TargetFields
                name="exchange"
                target={field.value}
                onChange={field.onChange}
                error={words(errors.target?.message)}
              />
            )}
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
        {rows.fields.map((row, index) => (
          <Paper key={row.id} withBorder radius="md" p="sm" data-row="exchange-prescriber">
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
                <Controller
                  control={form.control}
                  name={`exchange_prescribers.${index}.prescriber_id`}
                  render={({ field }) => (
                    <Select
                      label={t('exchange_destination.prescriber')}
                      data={choices}
                      value={field.value}
                      onChange={field.onChange}
                      searchable
                      disabled={!prescribers.allowed && field.value === null}
                      description={
                        prescribers.allowed ? undefined : t('exchange_destination.no_prescribers_right')
                      }
                      nothingFoundMessage={t('exchange_destination.nothing_found')}
                      error={words(errors.exchange_prescribers?.[index]?.prescriber_id?.message)}
                      data-field="exchange_prescriber"
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name={`exchange_prescribers.${index}.exchange_format`}
                  render={({ field }) => (
                    <Select
                      label={t('exchange_destination.format')}
                      data={rowChoices}
                      value={field.value}
                      onChange={(value) => value && field.onChange(value as ExchangeFormat)}
                      allowDeselect={false}
                      data-field="exchange_prescriber_format"
                    />
                  )}
                />
              </SimpleGrid>
              <Controller
                control={form.control}
                name={`exchange_prescribers.${index}.target`}
                render={({ field }) => (
                  <TargetFields
                    name="exchange_prescriber"
                    target={field.value}
                    onChange={field.onChange}
                    error={words(errors.exchange_prescribers?.[index]?.target?.message)}
                  />
                )}
              />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  onClick={() => rows.remove(index)}
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
              rows.append(
                { prescriber_id: null, exchange_format: 'hprim', target: { mode: 'drop', url: '' } },
                { shouldFocus: false },
              )
            }
            data-action="add-exchange-prescriber"
          >
            {t('exchange_destination.add')}
          </Button>
          <Button type="submit" loading={pending} data-action="save-exchange-destination">
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
  // The save lives here, not in the form: the saved destination replaces the form (keyed by the
  // laboratory's stamp) before the save's callbacks run; here they still do.
  const save = useUpdateExchangeDestination();
  const saveDestination = (body: z.output<typeof ExchangeDestinationBody>, onError: (error: Error) => void) =>
    save.mutate(body, { onSuccess: () => showToast('success', t('exchange_destination.saved')), onError });
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
        <DestinationForm
          key={destination.data.laboratory_last_updated}
          saved={destination.data}
          pending={save.isPending}
          onSave={saveDestination}
        />
      ) : (
        <DestinationSummary saved={destination.data} />
      )}
    </Card>
  );
}
