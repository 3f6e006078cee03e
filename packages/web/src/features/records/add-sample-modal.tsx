import { Button, Group, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import { AddSampleBody, type RecordDetail } from '@sil/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
import { notifyApiError, showToast } from '../../lib/notify';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useAddSample } from './api';

/** What the user chooses; the record and its stamp come from the screen. */
const AddSampleForm = AddSampleBody.omit({ record_id: true, record_last_updated: true });
/** A select holds null until something is chosen; the schema then refuses it. */
type AddSampleValues = Omit<z.input<typeof AddSampleForm>, 'sample_type' | 'sample_matrix'> & {
  sample_type: string | null;
  sample_matrix: string | null;
};

/**
 * An additional sample on the record (spec.md §7 `/add-sample`): a second tube of a type and
 * matrix, for some of the record's ordered analyses, optionally linked to a sample it repeats.
 * It starts from the first sample's tube and matrix, the most common case being one more of it.
 */
function AddSampleModal({ record, onClose }: { record: RecordDetail; onClose: () => void }) {
  const { t } = useTranslation('records');
  const tubes = useLoadAll('sample_types');
  const matrices = useLoadAll('matrices');
  const adding = useAddSample(record.record_id);
  const [first] = record.samples;
  const form = useForm<AddSampleValues, unknown, z.output<typeof AddSampleForm>>({
    resolver: schemaResolver(z.custom<AddSampleValues>().pipe(AddSampleForm)),
    defaultValues: {
      sample_type: first?.sample_type ?? null,
      sample_matrix: first?.sample_matrix ?? null,
      sample_analyses: [],
      sample_linked_sample: null,
    },
  });
  const [type, matrix, analyses] = form.watch(['sample_type', 'sample_matrix', 'sample_analyses']);

  const save = form.handleSubmit((values) =>
    adding.mutate(
      { record_id: record.record_id, record_last_updated: record.record_last_updated, ...values },
      {
        onSuccess: (sample) => {
          showToast('success', t('add_sample.added', { number: sample.sample_number }));
          onClose();
        },
        onError: notifyApiError,
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={t('add_sample.title')}>
      <form noValidate onSubmit={(event) => void save(event)}>
        <Stack>
          <Controller
            control={form.control}
            name="sample_type"
            render={({ field }) => (
              <Select
                label={t('record.sample_type')}
                data={tubes.choices}
                value={field.value}
                onChange={field.onChange}
                searchable
                required
                data-field="sample_type"
              />
            )}
          />
          <Controller
            control={form.control}
            name="sample_matrix"
            render={({ field }) => (
              <Select
                label={t('record.sample_matrix')}
                data={matrices.choices}
                value={field.value}
                onChange={field.onChange}
                searchable
                required
                data-field="sample_matrix"
              />
            )}
          />
          <Controller
            control={form.control}
            name="sample_analyses"
            render={({ field }) => (
              <MultiSelect
                label={t('record.sample_analyses')}
                description={t('add_sample.analyses_hint')}
                data={record.record_analyses.map((a) => ({ value: a.analysis_id, label: a.analysis_name }))}
                value={field.value}
                onChange={field.onChange}
                searchable
                required
                data-field="sample_analyses"
              />
            )}
          />
          <Controller
            control={form.control}
            name="sample_linked_sample"
            render={({ field }) => (
              <Select
                label={t('add_sample.linked')}
                data={record.samples.map((s) => ({ value: s.sample_id, label: s.sample_number }))}
                value={field.value ?? null}
                onChange={field.onChange}
                clearable
                data-field="sample_linked_sample"
              />
            )}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button
            type="submit"
            disabled={!type || !matrix || analyses.length === 0}
            loading={adding.isPending}
            data-action="confirm-add-sample"
          >
            {t('add_sample.confirm')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** 'Ajouter un échantillon' on the record's samples card, and the form it opens. */
export function AddSampleButton({ record }: { record: RecordDetail }) {
  const { t } = useTranslation('records');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => setOpen(true)}
        data-action="add-sample"
      >
        {t('add_sample.button')}
      </Button>
      {open ? <AddSampleModal record={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
