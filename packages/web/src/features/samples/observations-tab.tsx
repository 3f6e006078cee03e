import { Button, Group, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { type SampleRow, UpdateSampleBody } from '@sil/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { DateTimeField, localDateTimeInput } from '../../lib/form/date-time-field';
import { schemaResolver } from '../../lib/form/form-resolver';
import { ReferenceSelect } from '../../lib/form/reference-select';
import { StaleAlert } from '../../lib/form/stale-alert';
import { instantOfLabWallClock } from '../../lib/format/lab-time';
import { notifyApiError, showToast } from '../../lib/notify';
import { useUpdateSample } from './api';

interface Values {
  sample_machine: string | null;
  /** 'YYYY-MM-DDTHH:mm' on the laboratory's clock, what the date-time field holds; '' for none. */
  sample_collection_datetime: string;
  sample_collector: string | null;
  sample_observations: string;
  sample_interpretation: string;
}

const valuesOf = (sample: SampleRow): Values => ({
  sample_machine: sample.sample_machine,
  sample_collection_datetime: localDateTimeInput(sample.sample_collection_datetime),
  sample_collector: sample.sample_collector,
  sample_observations: sample.sample_observations ?? '',
  sample_interpretation: sample.sample_interpretation ?? '',
});

/** What the user sets; the sample and its stamp come from the screen. */
const ObservationsBody = UpdateSampleBody.omit({ sample_id: true, sample_last_updated: true });

/**
 * The values as update-sample takes them: the collection typed on the laboratory's clock is sent as
 * the instant it names; an unfinished one travels as typed, so the contract refuses it under its input.
 */
const bodyOf = (values: Values): z.input<typeof ObservationsBody> => ({
  sample_machine: values.sample_machine,
  sample_collection_datetime: values.sample_collection_datetime
    ? (instantOfLabWallClock(values.sample_collection_datetime) ?? values.sample_collection_datetime)
    : null,
  sample_collector: values.sample_collector,
  sample_observations: values.sample_observations.trim() || null,
  sample_interpretation: values.sample_interpretation.trim() || null,
});

const observationsResolver = schemaResolver(z.custom<Values>().transform(bodyOf).pipe(ObservationsBody));

/**
 * The Sample observations tab: the machine it runs on, when and by whom it was collected, and the
 * technician's observations and interpretation, saved with the sample's stamp.
 */
export function ObservationsTab({
  sample,
  editable,
  onReload,
}: {
  sample: SampleRow;
  editable: boolean;
  onReload: () => Promise<unknown>;
}) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const update = useUpdateSample(sample.sample_id);
  // A colleague saved the sample since it was read: the form says so and offers to read it again.
  const stale = update.error instanceof ApiError && update.error.code === 'staleUpdate';
  const form = useForm<Values, unknown, z.output<typeof ObservationsBody>>({
    defaultValues: valuesOf(sample),
    resolver: observationsResolver,
  });
  const { reset } = form;
  useEffect(() => reset(valuesOf(sample)), [sample, reset]);

  const submit = form.handleSubmit((body) =>
    update.mutate(
      { sample_id: sample.sample_id, sample_last_updated: sample.sample_last_updated, ...body },
      {
        onSuccess: () => showToast('success', t('samples.observations.saved')),
        onError: (error) => {
          if (!(error instanceof ApiError && error.code === 'staleUpdate')) notifyApiError(error);
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} data-testid="observations-form">
      {stale ? (
        <StaleAlert
          onReload={() => {
            update.reset();
            void onReload();
          }}
        />
      ) : null}
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Controller
              control={form.control}
              name="sample_machine"
              render={({ field }) => (
                <ReferenceSelect
                  table="machines"
                  name="sample_machine"
                  label={t('samples.observations.machine')}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={form.control}
              name="sample_collection_datetime"
              render={({ field }) => (
                <DateTimeField
                  label={t('samples.observations.collection')}
                  data-field="sample_collection_datetime"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  // The only way a typed collection fails is an unfinished day or time.
                  error={
                    form.formState.errors.sample_collection_datetime
                      ? tc('date_field.time_incomplete')
                      : undefined
                  }
                />
              )}
            />
            <Controller
              control={form.control}
              name="sample_collector"
              render={({ field }) => (
                <ReferenceSelect
                  table="collectors"
                  name="sample_collector"
                  label={t('samples.observations.collector')}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label={t('samples.observations.observations')}
            autosize
            minRows={2}
            maxLength={5000}
            data-field="sample_observations"
            {...form.register('sample_observations')}
          />
          <Textarea
            label={t('samples.observations.interpretation')}
            autosize
            minRows={2}
            maxLength={5000}
            data-field="sample_interpretation"
            {...form.register('sample_interpretation')}
          />
          {editable ? (
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={update.isPending}>
                {t('samples.observations.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
}
