import { Button, Group, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { SampleRow } from '@sil/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { DateTimeField, localDateTimeInput } from '../../lib/form/date-time-field';
import { ReferenceSelect } from '../../lib/form/reference-select';
import { StaleAlert } from '../../lib/form/stale-alert';
import { instantOfLabWallClock } from '../../lib/format/lab-time';
import { notifyApiError, showToast } from '../../lib/notify';
import { useUpdateSample } from './api';

interface Values {
  sample_machine: string | null;
  /** 'YYYY-MM-DDTHH:mm' on the laboratory's clock, what the date-time field holds; '' for none. */
  collection: string;
  sample_collector: string | null;
  sample_observations: string;
  sample_interpretation: string;
}

const valuesOf = (sample: SampleRow): Values => ({
  sample_machine: sample.sample_machine,
  collection: localDateTimeInput(sample.sample_collection_datetime),
  sample_collector: sample.sample_collector,
  sample_observations: sample.sample_observations ?? '',
  sample_interpretation: sample.sample_interpretation ?? '',
});

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
  const [stale, setStale] = useState(false);
  const form = useForm<Values>({ defaultValues: valuesOf(sample) });
  const { reset } = form;
  useEffect(() => reset(valuesOf(sample)), [sample, reset]);

  const submit = form.handleSubmit(async (values) => {
    setStale(false);
    const collected = values.collection ? instantOfLabWallClock(values.collection) : null;
    if (values.collection && !collected) {
      form.setError('collection', { type: 'incomplete', message: tc('date_field.time_incomplete') });
      return;
    }
    try {
      await update.mutateAsync({
        sample_id: sample.sample_id,
        sample_last_updated: sample.sample_last_updated,
        sample_machine: values.sample_machine,
        sample_collection_datetime: collected,
        sample_collector: values.sample_collector,
        sample_observations: values.sample_observations.trim() || null,
        sample_interpretation: values.sample_interpretation.trim() || null,
      });
      showToast('success', t('samples.observations.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'staleUpdate') setStale(true);
      else notifyApiError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} data-testid="observations-form">
      {stale ? (
        <StaleAlert
          onReload={() => {
            setStale(false);
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
              name="collection"
              render={({ field }) => (
                <DateTimeField
                  label={t('samples.observations.collection')}
                  data-field="sample_collection_datetime"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={form.formState.errors.collection?.message}
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
