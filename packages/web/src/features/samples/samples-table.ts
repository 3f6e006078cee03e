import { hrefTo, SAMPLE_STATUS_KEYS, SampleListRow, sampleList } from '@sil/contract';
import { sampleStatusOf } from '../../components/sample-status-badge';
import { defineTable } from '../../lib/table/table-config';

/**
 * Samples (techniques): a row opens its results bench ('Mise à jour manuelle de l'échantillon'),
 * searched on its number so that the address names the sample. Each shows how far its results are ('résultats 3/6')
 * whether one is abnormal, and who took each progress step and when (issue 40).
 */
export const techniquesTable = defineTable(SampleListRow, {
  name: 'techniques',
  entity: sampleList,
  readOnly: true,
  valueLabels: {
    sample_status: (value) => {
      const step = sampleStatusOf(value);
      return step === null ? value : `records:sample_progress.${SAMPLE_STATUS_KEYS[step]}`;
    },
  },
  columns: [
    { field: 'sample_number' },
    { field: 'sample_type', format: { reference: 'sample_types' } },
    { field: 'sample_matrix', format: { reference: 'matrices' } },
    { field: 'sample_status', format: 'sampleStatus' },
    { field: 'sample_results', format: 'resultsProgress' },
    { field: 'sample_steps', format: 'sampleSteps' },
    { field: 'sample_abnormal', format: 'alert' },
    { field: 'sample_nct_active', format: 'boolean' },
    { field: 'sample_last_updated', format: 'datetime' },
  ],
  form: {
    kind: 'route',
    add: null,
    open: (row, locale) =>
      `${hrefTo(locale, 'table', { table_name: 'techniques' })}?${new URLSearchParams({
        search: row.sample_number,
        sample: row.sample_id,
      })}`,
  },
});
