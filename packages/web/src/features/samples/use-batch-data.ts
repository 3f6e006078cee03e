import {
  isFrozenRecord,
  isWholeRecord,
  type ResultParameter,
  resultPatientOf,
  type SampleResults,
} from '@sil/contract';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/use-session';
import { useParameterDefinitions } from './api';
import type { ReadingContext } from './bench-reading';
import { editState } from './edit-state';
import { isCalculatedLine, resultParameterOf } from './result-reading';

/** A sample the grid was opened on, as the list it comes from names it. */
export interface BatchSample {
  sample_id: string;
  sample_number: string;
  /** Who or what the sample is, as the list shows it (initials and year on a work list). */
  label: string;
}

/** A column of the grid: one parameter, typed or calculated. */
export interface BatchColumn {
  parameter_id: string;
  parameter_name: string;
  parameter_unit: string | null;
  calculated: boolean;
}

/** A row ready to show: the sample's results, their reading context and whether they can change. */
export interface BatchRowData {
  sample: BatchSample;
  data: SampleResults | undefined;
  context: ReadingContext | null;
  editable: boolean;
}

/**
 * What the grid reads, with the bench's own queries (a save on the grid is a save on the bench):
 * each sample's results, each record's patient, the parameters' definitions. The columns are the
 * parameters of the analysis (`analysisId`), or of every analysis of the samples when none is given.
 */
export function useBatchData(samples: readonly BatchSample[], analysisId: string | null) {
  const { rights } = useSession();
  const readsRecords = (rights?.admin_records ?? 0) >= 1;
  const results = useQueries({
    queries: samples.map((sample) => ({
      queryKey: queryKeys.sample.results(sample.sample_id),
      queryFn: () => call('getSampleResults', { query: { sample_id: sample.sample_id } }),
      staleTime: 0,
      refetchOnWindowFocus: false,
    })),
  });
  const recordIds = [...new Set(results.flatMap((answer) => answer.data?.sample.sample_record ?? []))];
  const records = useQueries({
    queries: recordIds.map((id) => ({
      queryKey: queryKeys.record.one(id),
      queryFn: async () => (await call('getRecord', { query: { record_id: id } }))[0] ?? null,
      enabled: readsRecords,
    })),
  });
  const inAnalysis = (line: SampleResults['lines'][number]) =>
    analysisId === null || line.analysis_id === analysisId;
  const columns: BatchColumn[] = [];
  for (const answer of results)
    for (const line of answer.data?.lines ?? [])
      if (inAnalysis(line) && !columns.some((column) => column.parameter_id === line.parameter_id))
        columns.push({
          parameter_id: line.parameter_id,
          parameter_name: line.parameter_name,
          parameter_unit: line.parameter_unit,
          calculated: isCalculatedLine(line),
        });
  // Every parameter of the samples, for the calculated lines read across analyses.
  const ids = [...new Set(results.flatMap((answer) => answer.data?.lines.map((l) => l.parameter_id) ?? []))];
  const parameters = useParameterDefinitions(ids, (rights?.admin_parameters ?? 0) >= 1);
  const definitions = useMemo(() => {
    const byId = new Map<string, ResultParameter>();
    for (const [id, row] of parameters) byId.set(id, resultParameterOf(row));
    return byId;
  }, [parameters]);

  const rows: BatchRowData[] = samples.map((sample, index) => {
    const data = results[index]?.data;
    const found = records.find((answer) => answer.data?.record_id === data?.sample.sample_record)?.data;
    const detail = found && isWholeRecord(found) ? found : null;
    const frozen = detail ? { frozen: isFrozenRecord(detail) || detail.record_locked } : null;
    const context: ReadingContext | null =
      data && detail?.patient && definitions.size > 0
        ? {
            definitions,
            patient: resultPatientOf({
              patient: detail.patient,
              record: detail,
              sampleCollectedAt: data.sample.sample_collection_datetime,
            }),
          }
        : null;
    return { sample, data, context, editable: editState(rights?.admin_samples ?? 0, data, frozen).editable };
  });
  return { rows, columns, loading: results.some((answer) => answer.isPending) };
}
