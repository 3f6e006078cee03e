import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ANALYSIS_COMBINATIONS, QUICK_SELECTIONS, type QuickSelection } from '@sil/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AnalysisPicker } from './analysis-picker';
import { type OfferedAnalysis, quickMatches } from './quick-selections';
import { useHiddenAnalyses } from './value-names';
import { useWizard } from './wizard-context';

/** Two analyses of the record whose NABM acts cannot be billed together (nabmConflict). */
export interface NabmConflict {
  analyses: [string, string];
  codes: string[];
}

/**
 * Step 11: analyses in Combination 1 to 5. Only visible analyses can be picked: hidden ones are
 * internal and cannot be ordered (cannotOrderHiddenAnalyses), so the picker shows them greyed.
 */
export function StepAnalyses({
  analyses,
  conflicts,
}: {
  analyses: readonly OfferedAnalysis[];
  conflicts: readonly NabmConflict[];
}) {
  const { t } = useTranslation('records');
  const { form, issues } = useWizard();
  const [current, setCurrent] = useState(0);
  // On a phone five 'Combination n' labels do not fit: the numbers alone do.
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const [typed, setTyped] = useState('');
  const hidden = useHiddenAnalyses();
  const combinations = form.watch('combinations');
  const nameOf = (id: string) => analyses.find((analysis) => analysis.id === id)?.name ?? id;

  const add = (selection: QuickSelection) => {
    const found = quickMatches(selection, analyses, typed);
    if (found.length === 0) return;
    const next = combinations.map((ids, index) =>
      index === current ? [...new Set([...ids, ...found])] : ids,
    );
    form.setValue('combinations', next, { shouldDirty: true });
  };

  return (
    <Stack>
      {conflicts.map((conflict) => (
        <Alert
          key={conflict.analyses.join()}
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('analyses.conflict_title')}
          data-testid="nabm-conflict"
        >
          {t('analyses.conflict_text', {
            first: nameOf(conflict.analyses[0]),
            second: nameOf(conflict.analyses[1]),
            codes: conflict.codes.join(', '),
          })}
        </Alert>
      ))}
      <SegmentedControl
        fullWidth
        value={String(current)}
        onChange={(value) => setCurrent(Number(value))}
        data={ANALYSIS_COMBINATIONS.map((number, index) => ({
          value: String(index),
          label: `${narrow ? number : t('analyses.combination', { number })}${
            (combinations[index]?.length ?? 0) > 0 ? ` (${combinations[index]?.length})` : ''
          }`,
        }))}
        data-testid="combinations"
      />
      <div>
        <Text size="sm" fw={500} mb={6}>
          {t('analyses.quick')}
        </Text>
        <Group gap="xs" wrap="wrap" align="flex-end">
          {QUICK_SELECTIONS.filter((selection) => selection !== 'anotherChoice').map((selection) => (
            <Button
              key={selection}
              size="xs"
              variant="light"
              onClick={() => add(selection)}
              data-quick={selection}
            >
              {t(`quick.${selection}`)}
            </Button>
          ))}
          <TextInput
            size="xs"
            w={200}
            aria-label={t('quick.anotherChoice')}
            placeholder={t('analyses.another_placeholder')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter adds what was typed here rather than leaving the step.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add('anotherChoice');
            }}
          />
          <Button
            size="xs"
            variant="light"
            disabled={!typed.trim()}
            onClick={() => add('anotherChoice')}
            data-quick="anotherChoice"
          >
            {t('quick.anotherChoice')}
          </Button>
        </Group>
      </div>
      <Controller
        control={form.control}
        name="combinations"
        render={({ field }) => (
          <AnalysisPicker
            key={current}
            label={t('analyses.of_combination', { number: current + 1 })}
            offered={analyses}
            hidden={hidden}
            value={field.value[current] ?? []}
            onChange={(ids) =>
              field.onChange(field.value.map((old, index) => (index === current ? ids : old)))
            }
            error={issues.record_selected_analyses ? t('issues.analyses_required') : undefined}
          />
        )}
      />
      <Group gap={6}>
        {ANALYSIS_COMBINATIONS.flatMap((number) =>
          (combinations[number - 1] ?? []).map((id) => (
            <Badge key={`${number}-${id}`} variant="light" color={number - 1 === current ? 'blue' : 'gray'}>
              {number} · {nameOf(id)}
            </Badge>
          )),
        )}
      </Group>
    </Stack>
  );
}
