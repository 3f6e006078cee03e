import { Alert, Button, Group, Text } from '@mantine/core';
import type { ResultParameter, ResultPatient, SampleResultLine, SampleResults } from '@sil/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { formatNumber } from '../../lib/format/numbers';
import { errorMessage, notifyApiError, showToast } from '../../lib/notify';
import { useSaveResults } from './api';
import { type BenchLine, ResultLines } from './result-lines';
import {
  calculatedPreview,
  EMPTY_SHOWN,
  isCalculatedLine,
  isChanged,
  previewOf,
  reportedOfShown,
  type Shown,
  shownOfStored,
  storedText,
  typedResult,
} from './result-reading';

/** What the live reading needs; null when the user may not read the parameters or the record. */
export interface ReadingContext {
  definitions: ReadonlyMap<string, ResultParameter>;
  patient: ResultPatient;
}

const detailsParameter = (details: unknown): string | null => {
  const id = Reflect.get(Object(details), 'parameter_id');
  return typeof id === 'string' ? id : null;
};

function draftsOf(lines: SampleResults['lines'], language: string): Record<string, string> {
  const format = (value: number) =>
    formatNumber(value, language, { maxDecimals: 6 }).replace(/[\s\u202f]/g, '');
  return Object.fromEntries(lines.map((line) => [line.parameter_id, storedText(line.result, format)]));
}

/**
 * The Results tab: one input per parameter, read live as it is typed, saved all at once. Enter
 * moves to the next result and Shift+Enter to the previous one; Ctrl+Enter saves.
 */
export function ResultsTab({
  data,
  editable,
  context,
  onReload,
}: {
  data: SampleResults;
  editable: boolean;
  context: ReadingContext | null;
  onReload: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('records');
  const language = i18n.language;
  const save = useSaveResults(data.sample.sample_id);
  const [drafts, setDrafts] = useState(() => draftsOf(data.lines, language));
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const focused = useRef(false);

  // Saved or reloaded results replace what was typed: their stamps are the ones to send next. A
  // change to the sample alone (an NCT opened from the bench) keeps the same lines (the query
  // shares unchanged parts of an answer), so what is being typed stays.
  useEffect(() => {
    setDrafts(draftsOf(data.lines, language));
    setRowErrors({});
  }, [data.lines, language]);

  // The first empty result has the focus when the bench opens.
  useEffect(() => {
    if (focused.current || !editable) return;
    focused.current = true;
    const first = data.lines.findIndex((line) => line.result === null && !isCalculatedLine(line));
    inputs.current[first >= 0 ? first : 0]?.focus();
  }, [data, editable]);

  const lines: BenchLine[] = useMemo(() => {
    // What the typed lines read as, by parameter: the calculated lines below read these values.
    const typed = new Map<string, number | null>();
    const readLine = (line: SampleResultLine, draft: string): Shown => {
      const definition = context?.definitions.get(line.parameter_id);
      const stored = () =>
        line.result
          ? shownOfStored(
              line.result,
              line.calculation_error,
              line.calculation_detail,
              isCalculatedLine(line),
            )
          : line.calculation_error
            ? {
                ...EMPTY_SHOWN,
                calculationError: { code: line.calculation_error, detail: line.calculation_detail },
              }
            : EMPTY_SHOWN;
      if (isCalculatedLine(line))
        return context && definition
          ? calculatedPreview(line, typed, definition, context.patient, data.sample.sample_matrix)
          : stored();
      if (context && definition)
        return previewOf(draft, language, definition, context.patient, data.sample.sample_matrix);
      if (line.result && !isChanged(line, draft, language)) return stored();
      return { ...EMPTY_SHOWN, ...typedResult(draft, language) };
    };
    return data.lines.map((line) => {
      const draft = drafts[line.parameter_id] ?? '';
      const shown = readLine(line, draft);
      typed.set(line.parameter_id, reportedOfShown(shown));
      return { line, draft, shown, error: rowErrors[line.parameter_id] ?? null };
    });
  }, [data, drafts, context, language, rowErrors]);
  const changed = data.lines.filter((line) => isChanged(line, drafts[line.parameter_id] ?? '', language));

  /** What the server refused, where it belongs: a stale line reloads, a bound sits on its row. */
  const onRefused = (error: Error) => {
    if (!(error instanceof ApiError)) return notifyApiError(error);
    if (error.code === 'staleUpdate') {
      setStale(true);
      void onReload();
    } else if (error.code === 'outOfBounds') {
      const id = detailsParameter(error.details);
      if (id) setRowErrors({ [id]: errorMessage('outOfBounds') });
      else notifyApiError(error);
    } else if (error.code === 'resultValidated') {
      notifyApiError(error);
      void onReload();
    } else notifyApiError(error);
  };

  const submit = () => {
    if (!editable || save.isPending) return;
    if (changed.length === 0) {
      showToast('info', t('samples.nothing_to_save'));
      return;
    }
    setStale(false);
    setRowErrors({});
    save.mutate(
      {
        sample_id: data.sample.sample_id,
        results: changed.map((line) => {
          const typed = typedResult(drafts[line.parameter_id] ?? '', language);
          return {
            parameter_id: line.parameter_id,
            result_value: typed.value,
            result_text: typed.text,
            result_last_updated: line.result?.result_last_updated ?? null,
          };
        }),
      },
      { onSuccess: () => showToast('success', t('samples.saved')), onError: onRefused },
    );
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) return submit();
    // Calculated lines have no input: the next (or previous) line that takes one.
    const step = event.shiftKey ? -1 : 1;
    let next = index + step;
    while (next >= 0 && next < data.lines.length && !inputs.current[next]) next += step;
    const target = inputs.current[next];
    if (target) {
      target.focus();
      target.select();
    }
  };

  return (
    <>
      {stale ? (
        <Alert color="yellow" title={t('samples.stale_title')} mb="sm" data-testid="stale-alert">
          {t('samples.stale_text')}
        </Alert>
      ) : null}
      {!context && data.lines.length > 0 ? (
        <Text size="sm" c="dimmed" mb="xs">
          {t('samples.no_preview')}
        </Text>
      ) : null}
      {data.lines.length === 0 ? (
        <Text c="dimmed">{t('samples.no_parameters')}</Text>
      ) : (
        <ResultLines
          lines={lines}
          editable={editable}
          onDraft={(id, text) => setDrafts((before) => ({ ...before, [id]: text }))}
          onKeyDown={onKeyDown}
          inputRef={(index, element) => {
            inputs.current[index] = element;
          }}
        />
      )}
      {editable && data.lines.length > 0 ? (
        <Group justify="space-between" mt="md" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            {changed.length > 0
              ? t('samples.unsaved', { count: changed.length })
              : t('samples.keyboard_hint')}
          </Text>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={submit}
            loading={save.isPending}
            data-testid="save-results"
          >
            {t('samples.save')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
