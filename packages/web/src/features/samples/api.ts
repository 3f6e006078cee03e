import {
  entities,
  type ParameterRow,
  type RouteBody,
  referenceRowSchemas,
  type SampleResults,
  type SampleRow,
  sampleList,
} from '@sil/contract';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { tableRouteAnswering } from '../../lib/table/entity-routes';

/**
 * The samples feature's calls: a sample's results as the bench reads and saves them, what their
 * live reading needs (the record with its patient, the parameters' definitions), and the sample's
 * own fields. Mutations are quiet: the bench shows their errors where they belong.
 */

/** A sample's parameters, in the order of its analyses, with their results and anteriorities. */
export function useSampleResults(sampleId: string) {
  return useQuery({
    queryKey: queryKeys.sample.results(sampleId),
    queryFn: () => call('getSampleResults', { query: { sample_id: sampleId } }),
    // The bench starts from what the server holds now: the stamps it sends back are read here.
    staleTime: 0,
    // What is typed is reset from each answer: only a save or an explicit reload brings a new one.
    refetchOnWindowFocus: false,
  });
}

/** The record a sample belongs to, with its patient: whose conditions choose the ranges. */
export function useSampleRecord(recordId: string | null, allowed: boolean) {
  return useQuery({
    queryKey: queryKeys.record.one(recordId ?? ''),
    queryFn: async () => (await call('getRecord', { query: { record_id: recordId ?? '' } }))[0] ?? null,
    enabled: recordId !== null && allowed,
  });
}

/**
 * The definitions of the parameters a sample measures (formula, limits, ranges, zones), one call
 * each and cached by parameter: a sample measures a few tens at most, a laboratory hundreds.
 */
export function useParameterDefinitions(parameterIds: readonly string[], allowed: boolean) {
  const answers = useQueries({
    queries: parameterIds.map((id) => ({
      queryKey: queryKeys.table.one('parameters', id),
      queryFn: async () => {
        const route = await tableRouteAnswering(
          entities.parameters,
          'get',
          z.array(referenceRowSchemas.parameters),
        );
        return (await call(route, { query: { parameter_id: id } }))[0] ?? null;
      },
      enabled: allowed,
      staleTime: 30_000,
    })),
  });
  const byId = new Map<string, ParameterRow>();
  for (const answer of answers) if (answer.data) byId.set(answer.data.parameter_id, answer.data);
  return byId;
}

/** Saves every changed result of a sample in one call; the answer is the bench's new state. */
export function useSaveResults(sampleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateSampleResults'>) => call('updateSampleResults', { body }),
    meta: { quiet: true },
    onSuccess: (answer: SampleResults) => {
      client.setQueryData(queryKeys.sample.results(sampleId), answer);
      void client.invalidateQueries({ queryKey: queryKeys.table.all(sampleList.table) });
      // The save may have completed the sample and taken its record to the validation queue.
      void client.invalidateQueries({ queryKey: queryKeys.record.one(answer.sample.sample_record) });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
      void client.invalidateQueries({ queryKey: queryKeys.validation.queue });
      void client.invalidateQueries({ queryKey: ['worklist'] });
    },
  });
}

/** Machine, collection time, collector, observations and interpretation of a sample. */
export function useUpdateSample(sampleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateSample'>) => call('updateSample', { body }),
    meta: { quiet: true },
    onSuccess: (sample: SampleRow) => {
      // A new collection time may change the patient's age band, so the ranges are read again.
      void client.invalidateQueries({ queryKey: queryKeys.sample.results(sampleId) });
      void client.invalidateQueries({ queryKey: queryKeys.table.all(sampleList.table) });
      void client.invalidateQueries({ queryKey: queryKeys.record.one(sample.sample_record) });
    },
  });
}

/**
 * A tube scanned at reception (issue 40): its record is received; the answer says whether it was
 * already. The lists and the record it changes are read again.
 */
export function useReceiveSample() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sampleNumber: string) => call('receiveSample', { body: { sample_number: sampleNumber } }),
    meta: { quiet: true },
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: queryKeys.table.all(sampleList.table) });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
      void client.invalidateQueries({ queryKey: queryKeys.record.one(answer.record.record_id) });
    },
  });
}

/** The sample a tube's barcode names (its number exactly), or null: what a scan on the list opens. */
export async function sampleOfNumber(sampleNumber: string) {
  const page = await call('getSamples', { query: { search: sampleNumber } });
  return page.data.find((sample) => sample.sample_number === sampleNumber) ?? null;
}
