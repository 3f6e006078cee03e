import { Button } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownSamples } from './sample-lists';
import type { BatchSample } from './use-batch-data';

const BatchEntryModal = lazy(() => import('./batch-entry-modal'));

/**
 * The samples the table shows now (its search and filters chose them) in the batch entry grid,
 * every parameter of their analyses as columns; the grid keeps them while results are saved.
 */
export function BatchEntryButton() {
  const { t } = useTranslation('records');
  const client = useQueryClient();
  const [samples, setSamples] = useState<BatchSample[] | null>(null);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconKeyboard size={18} />}
        onClick={() =>
          setSamples(
            shownSamples(client).map((sample) => ({
              sample_id: sample.sample_id,
              sample_number: sample.sample_number,
              label: '',
            })),
          )
        }
        data-action="batch-entry"
      >
        {t('batch.open')}
      </Button>
      {samples ? (
        <Suspense fallback={null}>
          <BatchEntryModal
            title={t('batch.list_title', { count: samples.length })}
            samples={samples}
            analysisId={null}
            onClose={() => setSamples(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
