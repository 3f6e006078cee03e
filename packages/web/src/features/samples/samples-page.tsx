import type { WebLocale } from '@sil/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { TablePage } from '../../lib/table/table-page';
import type { BoundTablePage } from '../../lib/table/table-pages';
import { BatchEntryButton } from './batch-entry-button';
import { type ListedSample, listHolding } from './sample-lists';
import { techniquesTable } from './samples-table';
import { TubeScan } from './tube-scan';

// The bench and the formula engine it reads results with load when a sample is opened.
const ResultsModal = lazy(() => import('./results-modal'));

const sampleIdOf = (value: string | null) => (z.uuid().safeParse(value).success ? value : null);

/**
 * The samples table; a sample opened from it (`?sample=<id>`) shows its results over the table,
 * so that a reload or a shared address opens the same bench. A tube scanned above the table opens
 * its results the same way, or at reception receives its record (issue 40). The bench moves to the
 * previous or next sample of the list it was opened from; the list's samples open in one grid too.
 */
function SamplesPage({ locale }: { locale: WebLocale }) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const sampleId = sampleIdOf(params.get('sample'));
  // The list as it was when the bench opened: it stays the same while the bench moves through it.
  const [list, setList] = useState<ListedSample[]>([]);
  useEffect(() => {
    if (sampleId === null) setList([]);
    else
      setList((kept) =>
        kept.some((sample) => sample.sample_id === sampleId) ? kept : listHolding(client, sampleId),
      );
  }, [client, sampleId]);
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
  // The address names the sample by its number, as when a row of the table opens it.
  const moveTo = (sample: ListedSample | undefined) =>
    sample
      ? () =>
          setParams((before) => {
            const next = new URLSearchParams(before);
            next.set('sample', sample.sample_id);
            if (next.has('search')) next.set('search', sample.sample_number);
            return next;
          })
      : null;
  const position = list.findIndex((sample) => sample.sample_id === sampleId);
  const moves =
    position >= 0 && list.length > 1
      ? {
          position: position + 1,
          count: list.length,
          onPrevious: moveTo(list[position - 1]),
          onNext: moveTo(list[position + 1]),
        }
      : null;
  return (
    <>
      <TubeScan onOpen={open} />
      <TablePage
        config={techniquesTable}
        locale={locale}
        actions={(rights) => (rights.edit ? <BatchEntryButton /> : null)}
      />
      {sampleId ? (
        <Suspense fallback={null}>
          <ResultsModal key={sampleId} sampleId={sampleId} locale={locale} onClose={close} moves={moves} />
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
