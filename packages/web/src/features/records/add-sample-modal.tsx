import { Button, Group, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import type { RecordDetail } from '@sil/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, showToast } from '../../lib/notify';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useAddSample } from './api';

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
  const [type, setType] = useState<string | null>(first?.sample_type ?? null);
  const [matrix, setMatrix] = useState<string | null>(first?.sample_matrix ?? null);
  const [analyses, setAnalyses] = useState<string[]>([]);
  const [linked, setLinked] = useState<string | null>(null);

  const save = async () => {
    if (!type || !matrix) return;
    try {
      const sample = await adding.mutateAsync({
        record_id: record.record_id,
        record_last_updated: record.record_last_updated,
        sample_type: type,
        sample_matrix: matrix,
        sample_analyses: analyses,
        sample_linked_sample: linked,
      });
      showToast('success', t('add_sample.added', { number: sample.sample_number }));
      onClose();
    } catch (error) {
      notifyApiError(error);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('add_sample.title')}>
      <Stack>
        <Select
          label={t('record.sample_type')}
          data={tubes.choices}
          value={type}
          onChange={setType}
          searchable
          required
          data-field="sample_type"
        />
        <Select
          label={t('record.sample_matrix')}
          data={matrices.choices}
          value={matrix}
          onChange={setMatrix}
          searchable
          required
          data-field="sample_matrix"
        />
        <MultiSelect
          label={t('record.sample_analyses')}
          description={t('add_sample.analyses_hint')}
          data={record.record_analyses.map((a) => ({ value: a.analysis_id, label: a.analysis_name }))}
          value={analyses}
          onChange={setAnalyses}
          searchable
          required
          data-field="sample_analyses"
        />
        <Select
          label={t('add_sample.linked')}
          data={record.samples.map((s) => ({ value: s.sample_id, label: s.sample_number }))}
          value={linked}
          onChange={setLinked}
          clearable
          data-field="sample_linked_sample"
        />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button
          disabled={!type || !matrix || analyses.length === 0}
          loading={adding.isPending}
          onClick={() => void save()}
          data-action="confirm-add-sample"
        >
          {t('add_sample.confirm')}
        </Button>
      </Group>
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
