import { Alert, Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { deltaLimitProblems, type ParameterRow, parameterBoundsProblems } from '@sil/contract';
// mathjs, which the formula fields validate with, is loaded with this screen only.
import '@sil/contract/formula-engine';
import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../../lib/form/field-input';
import type { FieldSpec, FormValues } from '../../../lib/form/field-spec';
import { formResolver } from '../../../lib/form/form-resolver';
import { formValuesOf, payloadOf } from '../../../lib/form/form-values';
import { revealFirstError } from '../../../lib/form/reveal-error';
import { StaleAlert } from '../../../lib/form/stale-alert';
import { useSubmitRow } from '../../../lib/form/use-submit-row';
import type { Payload } from '../../../lib/table/payload';
import { parametersTable } from '../table-configs';
import { FormulaTester } from './formula-tester';
import {
  CALCULATION_FIELDS,
  DELTA_FIELDS,
  FORMULA_FIELDS,
  GENERAL_FIELDS,
  PARAMETER_FIELDS,
  RANGE_SWITCH,
} from './parameter-fields';
import { RangesEditor } from './ranges-editor';
import { type RangesValues, rangesToSend, rangesValuesOf, type Zone, zonesToSend } from './ranges-state';
import { ZonesEditor } from './zones-editor';

const { entity } = parametersTable;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The full parameter form (spec.md §3 'Parameter'): general, calculation, ranges, zones. */
export function ParameterForm({
  row,
  onDone,
  onReload,
}: {
  row: ParameterRow | null;
  onDone: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation('tables');
  const initial = formValuesOf(PARAMETER_FIELDS, row);
  const form = useForm<FormValues, unknown, Payload>({
    defaultValues: initial,
    resolver: formResolver(entity, PARAMETER_FIELDS),
    mode: 'onTouched',
  });
  const formRef = useRef<HTMLFormElement>(null);
  // The ranges and zones are a form of their own beside the entity's fields: nested lists, which
  // the entity's resolver does not check; their bounds are checked as typed below.
  const initialRanges = useMemo(() => rangesValuesOf(row), [row]);
  const rangesForm = useForm<RangesValues>({ defaultValues: initialRanges });
  const watched = useWatch({ control: form.control });
  const [blocks, zones] = useWatch({ control: rangesForm.control, name: ['range_blocks', 'zones'] });
  const hasFormula = watched.parameter_has_formula === true;
  const defaultOnly = watched.parameter_default_range_only === true;

  const sent = rangesToSend(blocks, defaultOnly);
  const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
  // Checked as typed, with the contract's own rule (the server answers invalidBounds with it).
  const problems = parameterBoundsProblems({
    parameter_lower_detection_limit: numberOrNull(watched.parameter_lower_detection_limit),
    parameter_upper_detection_limit: numberOrNull(watched.parameter_upper_detection_limit),
    parameter_plausible_min: numberOrNull(watched.parameter_plausible_min),
    parameter_plausible_max: numberOrNull(watched.parameter_plausible_max),
    parameter_ranges: sent.map((item) => item.range),
    parameter_zones: zonesToSend(zones),
  });
  const rangeProblems = new Set(
    problems.flatMap((path) => {
      const index = /^parameter_ranges\.(\d+)$/.exec(path)?.[1];
      const item = index === undefined ? undefined : sent[Number(index)];
      return item ? [item.key] : [];
    }),
  );
  const zoneProblems = new Set(
    problems.flatMap((path): Zone[] => {
      const zone = /^parameter_zones\.(\w+)$/.exec(path)?.[1];
      return zone === 'therapeutic' || zone === 'toxic' || zone === 'deadly' ? [zone] : [];
    }),
  );
  const limitsInverted = problems.includes('parameter_lower_detection_limit');
  const plausibilityProblem = problems.some((path) => path.startsWith('parameter_plausible_'));
  // Half a delta check would look set and check nothing: the server refuses it (invalidDeltaLimit).
  const filled = (value: unknown) => (value === '' || value === undefined ? null : value);
  const deltaIncomplete =
    deltaLimitProblems({
      parameter_delta_kind: filled(watched.parameter_delta_kind),
      parameter_delta_limit: filled(watched.parameter_delta_limit),
      parameter_delta_window_days: filled(watched.parameter_delta_window_days),
    }).length > 0;

  const known: ReadonlySet<string> = new Set(PARAMETER_FIELDS.map((field) => field.name));
  const { submit, stale, saving } = useSubmitRow(
    parametersTable,
    row,
    (path, message) => {
      // Range and zone problems are already shown live; the others go under their inputs.
      if (path.startsWith('parameter_ranges') || path.startsWith('parameter_zones')) return true;
      if (!known.has(path)) return false;
      form.setError(path, { type: 'server', message });
      revealFirstError(formRef.current);
      return true;
    },
    onDone,
  );

  const full = (values: FormValues, ranges: RangesValues) => ({
    ...payloadOf(PARAMETER_FIELDS, values),
    parameter_ranges: rangesToSend(ranges.range_blocks, values.parameter_default_range_only === true).map(
      (item) => item.range,
    ),
    parameter_zones: zonesToSend(ranges.zones),
  });
  const grid = (fields: readonly FieldSpec[]) => (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
      {fields.map((field) => (
        <div key={field.name} style={field.wide ? { gridColumn: '1 / -1' } : undefined}>
          <FieldInput field={field} control={form.control} errors={form.formState.errors} />
          {FORMULA_FIELDS.some((name) => name === field.name) ? (
            <FormulaTester
              name={field.name}
              formula={typeof watched[field.name] === 'string' ? String(watched[field.name]) : ''}
            />
          ) : null}
        </div>
      ))}
    </SimpleGrid>
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.handleSubmit(
        () => {
          if (problems.length > 0 || deltaIncomplete) return;
          return submit(full(initial, initialRanges), full(form.getValues(), rangesForm.getValues()));
        },
        // The form is four sections long: the first wrong field may be far above the button.
        () => revealFirstError(formRef.current),
      )}
    >
      {stale ? <StaleAlert onReload={onReload} /> : null}
      <Stack gap="lg">
        <Section title={t('parameter.general')}>
          {grid(GENERAL_FIELDS)}
          {limitsInverted ? (
            <Alert color="red" mt="sm" py={6}>
              {t('parameter.limits_inverted')}
            </Alert>
          ) : null}
          {plausibilityProblem ? (
            <Alert color="red" mt="sm" py={6} data-testid="plausibility-problem">
              {t('parameter.plausibility_problem')}
            </Alert>
          ) : null}
        </Section>
        <Section title={t('parameter.calculation')}>
          {grid(hasFormula ? CALCULATION_FIELDS : CALCULATION_FIELDS.slice(0, 1))}
        </Section>
        <Section title={t('parameter.ranges')}>
          <Stack>
            {grid([RANGE_SWITCH])}
            <RangesEditor control={rangesForm.control} defaultOnly={defaultOnly} problems={rangeProblems} />
          </Stack>
        </Section>
        <Section title={t('parameter.delta')}>
          {grid(DELTA_FIELDS)}
          {deltaIncomplete ? (
            <Alert color="red" mt="sm" py={6} data-testid="delta-incomplete">
              {t('parameter.delta_incomplete')}
            </Alert>
          ) : null}
        </Section>
        <Section title={t('parameter.zones')}>
          <ZonesEditor control={rangesForm.control} problems={zoneProblems} />
        </Section>
        {problems.length > 0 ? (
          <Alert color="red" data-testid="bounds-problems">
            {t('parameter.bounds_problems', { count: problems.length })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={saving}
            disabled={problems.length > 0 || deltaIncomplete}
            data-action="save"
          >
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
