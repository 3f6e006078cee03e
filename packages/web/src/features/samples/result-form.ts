import { ResultInput, type SampleResults } from '@sil/contract';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { schemaResolver } from '../../lib/form/schema-resolver';
import { formatNumber } from '../../lib/format/numbers';
import { storedText, typedResult } from './result-reading';

/** What the bench holds: the text typed on each line, in the order of the sample's lines. */
export interface ResultDrafts {
  lines: Array<{ typed: string }>;
}

/**
 * What may be typed on a line: the contract's bound on a result's text (a measure's text is far
 * shorter), checked on the input itself so that its message sits under it.
 */
const typedText = ResultInput.shape.result_text.unwrap().unwrap();

/** The typed texts checked, then read in the screen's language (decimal mark) as the call sends them. */
const draftsSchema = (language: string) =>
  z.object({
    lines: z.array(
      z.object({
        typed: typedText.transform((text) => {
          const { value, text: words } = typedResult(text, language);
          return { result_value: value, result_text: words };
        }),
      }),
    ),
  });
type CheckedDrafts = z.output<ReturnType<typeof draftsSchema>>;

export function draftsOf(lines: SampleResults['lines'], language: string): ResultDrafts {
  const format = (value: number) =>
    formatNumber(value, language, { maxDecimals: 6 }).replace(/[\s\u202f]/g, '');
  return { lines: lines.map((line) => ({ typed: storedText(line.result, format) })) };
}

/** The field of a line's input, as the form names it. */
export const draftField = (index: number) => `lines.${index}.typed` as const;

/**
 * One form per sample on the bench: the typed results, checked line by line by the contract's
 * result schema, and what is typed so far for the live reading.
 */
export function useResultDrafts(data: SampleResults, language: string) {
  const resolver = useMemo(() => schemaResolver(draftsSchema(language)), [language]);
  const form = useForm<ResultDrafts, unknown, CheckedDrafts>({
    defaultValues: draftsOf(data.lines, language),
    resolver,
  });
  const { reset } = form;
  // Saved or reloaded results replace what was typed: their stamps are the ones to send next. A
  // change to the sample alone (an NCT opened from the bench) keeps the same lines (the query
  // shares unchanged parts of an answer), so what is being typed stays; a failed save keeps it too.
  // The inputs stay registered (keepFieldsRef): the focus moves between them right after a reset.
  useEffect(
    () => reset(draftsOf(data.lines, language), { keepFieldsRef: true }),
    [data.lines, language, reset],
  );
  const drafts = useWatch({ control: form.control, name: 'lines' });
  return { form, drafts };
}
