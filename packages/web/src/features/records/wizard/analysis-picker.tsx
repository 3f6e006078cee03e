import { Group, MultiSelect, type OptionsFilter, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerChoices } from './analysis-search';
import type { OfferedAnalysis } from './quick-selections';

/**
 * The analyses of one combination, searched by name (accents and case ignored), family or NABM
 * code. Hidden analyses that match a search show greyed with the reason they cannot be ordered
 * (spec.md §5 cannotOrderHiddenAnalyses) rather than missing without a word.
 */
export function AnalysisPicker({
  label,
  offered,
  hidden,
  value,
  onChange,
  error,
}: {
  label: string;
  offered: readonly OfferedAnalysis[];
  hidden: readonly OfferedAnalysis[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('records');
  const byId = useMemo(
    () => new Map([...offered, ...hidden].map((analysis) => [analysis.id, analysis])),
    [offered, hidden],
  );
  const hiddenIds = useMemo(() => new Set(hidden.map((analysis) => analysis.id)), [hidden]);
  const data = useMemo(
    () => [
      ...offered.map((analysis) => ({ value: analysis.id, label: analysis.name })),
      ...hidden.map((analysis) => ({ value: analysis.id, label: analysis.name, disabled: true })),
    ],
    [offered, hidden],
  );

  const filter: OptionsFilter = ({ options, search }) => {
    const found = pickerChoices(offered, hidden, search);
    const kept = new Set([...found.orderable, ...found.hidden].map((analysis) => analysis.id));
    return options.filter((option) => 'value' in option && kept.has(option.value));
  };

  return (
    <MultiSelect
      label={label}
      placeholder={t('flow.picker_placeholder')}
      description={t('flow.picker_hint')}
      data={data}
      value={value}
      onChange={onChange}
      filter={filter}
      searchable
      clearable
      hidePickedOptions
      selectFirstOptionOnChange
      limit={50}
      nothingFoundMessage={t('analyses.nothing_found')}
      error={error}
      data-field="record_selected_analyses"
      data-autofocus
      // A hidden analysis is greyed by its text, not by fading the whole row, so it stays legible.
      styles={{ option: { opacity: 1 } }}
      renderOption={({ option }) => {
        const analysis = byId.get(option.value);
        if (!analysis) return option.label;
        const details = [analysis.family, ...(analysis.nabm ?? [])].filter(Boolean).join(' · ');
        if (hiddenIds.has(analysis.id)) {
          return (
            <Stack gap={0} data-hidden-analysis={analysis.name}>
              <Group gap={4} wrap="nowrap">
                <IconLock size={14} aria-hidden />
                <Text size="sm" c="dimmed">
                  {analysis.name}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t('flow.hidden_reason')}
              </Text>
            </Stack>
          );
        }
        return (
          <Stack gap={0}>
            <Text size="sm">{analysis.name}</Text>
            {details ? (
              // Faded rather than 'dimmed': it stays legible on the highlighted option's colour.
              <Text size="xs" opacity={0.8}>
                {details}
              </Text>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}
