import type { WebLocale } from '@sil/contract';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { TablePage } from '../../lib/table/table-page';
import type { BoundTablePage } from '../../lib/table/table-pages';
import { techniquesTable } from './samples-table';
import { TubeScan } from './tube-scan';

// The bench and the formula engine it reads results with load when a sample is opened.
const ResultsModal = lazy(() => import('./results-modal'));

const sampleIdOf = (value: string | null) => (z.uuid().safeParse(value).success ? value : null);

/**
 * The samples table; a sample opened from it (`?sample=<id>`) shows its results over the table,
 * so that a reload or a shared address opens the same bench. A tube scanned above the table opens
 * its results the same way, or at reception receives its record (issue 40).
 */
function SamplesPage({ locale }: { locale: WebLocale }) {
  const [params, setParams] = useSearchParams();
  const sampleId = sampleIdOf(params.get('sample'));
  const open = (id: string) =>
    setParams((before) => {
      const next = new URLSearchParams(before);
      next.set('sample', id);
      return next;
    });
  const close = () =>
    setParams((before) => {
      const next = new URLSearchParams(before);
      next.delete('sample');
      return next;
    });
  return (
    <>
      <TubeScan onOpen={open} />
      <TablePage config={techniquesTable} locale={locale} />
      {sampleId ? (
        <Suspense fallback={null}>
          <ResultsModal key={sampleId} sampleId={sampleId} locale={locale} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

export const samplesTablePage: BoundTablePage = {
  name: techniquesTable.name,
  page: (locale) => <SamplesPage key={techniquesTable.name} locale={locale} />,
  addForm: null,
};
