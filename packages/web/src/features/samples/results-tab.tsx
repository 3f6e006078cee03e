import { Alert, Button, Group, Text } from '@mantine/core';
import type { SampleResults } from '@sil/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { issueText } from '../../lib/form/issue-text';
import { notifyApiError, showToast } from '../../lib/notify';
import { ERROR_ISSUE } from '../../lib/table/field-issues';
import { useSaveResults } from './api';
import { type ReadingContext, readBench } from './bench-reading';
import { draftField, useResultDrafts } from './result-form';
import { type BenchLine, ResultLines } from './result-lines';
import { EMPTY_SHOWN, isCalculatedLine, isChanged } from './result-reading';

const detailsParameter = (details: unknown): string | null => {
  const id = Reflect.get(Object(details), 'parameter_id');
  return typeof id === 'string' ? id : null;
};

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
  const { t: tTables } = useTranslation('tables');
  const language = i18n.language;
  const save = useSaveResults(data.sample.sample_id);
  const { form, drafts } = useResultDrafts(data, language);
  const { errors } = form.formState;
  // A colleague saved results since they were read: the bench says so and reads them again.
  const stale = save.error instanceof ApiError && save.error.code === 'staleUpdate';
  const focused = useRef(false);
  // The inputs themselves, to move the focus within the key's own event: a result typed right
  // after Enter goes to the next line, never to an input the form has not caught up with yet.
  const inputs = useRef<Array<HTMLInputElement | null>>([]);

  // The first empty result has the focus when the bench opens.
  useEffect(() => {
    if (focused.current || !editable) return;
    focused.current = true;
    const first = data.lines.findIndex((line) => line.result === null && !isCalculatedLine(line));
    inputs.current[first >= 0 ? first : 0]?.focus();
  }, [data, editable]);

  const texts = useMemo(() => drafts.map((draft) => draft.typed), [drafts]);
  const shown = useMemo(() => readBench(data, texts, context, language), [data, texts, context, language]);
  const lines: BenchLine[] = data.lines.map((line, index) => ({
    line,
    draft: texts[index] ?? '',
    shown: shown[index] ?? EMPTY_SHOWN,
    error: issueText(tTables, errors.lines?.[index]?.typed?.message) ?? null,
  }));
  const changed = data.lines.flatMap((line, index) =>
    isChanged(line, texts[index] ?? '', language) ? [index] : [],
  );

  /** What the server refused, where it belongs: a stale line reloads, a bound sits on its row. */
  const onRefused = (error: Error) => {
    if (!(error instanceof ApiError)) return notifyApiError(error);
    if (error.code === 'staleUpdate') void onReload();
    else if (error.code === 'outOfBounds') {
      const id = detailsParameter(error.details);
      const index = data.lines.findIndex((line) => line.parameter_id === id);
      if (index >= 0) form.setError(draftField(index), { message: `${ERROR_ISSUE}outOfBounds` });
      else notifyApiError(error);
    } else if (error.code === 'resultValidated') {
      notifyApiError(error);
      void onReload();
    } else notifyApiError(error);
  };

  const send = form.handleSubmit(({ lines: checked }) =>
    save.mutate(
      {
        sample_id: data.sample.sample_id,
        results: changed.flatMap((index) => {
          const line = data.lines[index];
          const typed = checked[index]?.typed;
          if (!line || !typed) return [];
          const stamp = line.result?.result_last_updated ?? null;
          return [{ parameter_id: line.parameter_id, ...typed, result_last_updated: stamp }];
        }),
      },
      { onSuccess: () => showToast('success', t('samples.saved')), onError: onRefused },
    ),
  );

  const submit = () => {
    if (!editable || save.isPending) return;
    if (changed.length === 0) {
      showToast('info', t('samples.nothing_to_save'));
      return;
    }
    void send();
  };

  /** Calculated lines have no input: the next (or previous) line that takes one. */
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) return submit();
    const step = event.shiftKey ? -1 : 1;
    let next = index + step;
    while (next >= 0 && next < data.lines.length && !inputs.current[next]) next += step;
    const target = inputs.current[next];
    if (target) {
      target.focus();
      target.select();
    }
  };

  const bind = (index: number) => {
    const field = form.register(draftField(index));
    return {
      ...field,
      ref: (element: HTMLInputElement | null) => {
        field.ref(element);
        inputs.current[index] = element;
      },
    };
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
        <ResultLines lines={lines} editable={editable} bind={bind} onKeyDown={onKeyDown} />
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
