import { Alert, Button, Group, NumberInput, Text } from '@mantine/core';
import {
  checkFormula,
  evaluateFormula,
  FORMULA_FUNCTIONS,
  FORMULA_VARIABLES,
  type FormulaScope,
  referenceSymbol,
} from '@sil/contract';
// mathjs, which the formula fields validate with, is loaded with this screen only.
import '@sil/contract/formula-engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format/numbers';

/**
 * 'Test value' of a formula: the variables and the other results (`$CT`) it uses get an input
 * each, and the result (or the reason there is none, such as a `when` condition that does not
 * hold) shows as they are typed, computed by the same evaluator as the server's.
 */
/** A patient to try a formula on at once: a man of 45, 70 kg, 170 cm, and a raw result of 1. */
const SAMPLE_PATIENT: Record<string, number> = {
  x: 1,
  age: 45,
  weight: 70,
  height: 170,
  sex: 1,
  pregnant: 0,
};

/** What a formula may use, read from the contract's evaluator so that the help never drifts from it. */
export function FormulaHelp({ name }: { name: string }) {
  const { t } = useTranslation('tables');
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid={`formula-help-${name}`}>
      {t('formula.help.variables')}{' '}
      {FORMULA_VARIABLES.map((variable) => `${variable} (${t(`formula.variables.${variable}`)})`).join(', ')}
      {'. '}
      {t('formula.help.references')} {t('formula.help.functions')} {Object.keys(FORMULA_FUNCTIONS).join(', ')}
      .
    </Text>
  );
}

export function FormulaTester({ formula, name }: { formula: string; name: string }) {
  const { t, i18n } = useTranslation('tables');
  const [scope, setScope] = useState<Record<string, number | string>>({});
  if (formula.trim() === '') return <FormulaHelp name={name} />;
  const check = checkFormula(formula);
  const samplePatient = () =>
    setScope((current) => ({
      ...current,
      ...Object.fromEntries(
        check.ok
          ? check.variables.flatMap((v) => (v in SAMPLE_PATIENT ? [[v, SAMPLE_PATIENT[v] ?? 0]] : []))
          : [],
      ),
    }));
  const numbers: FormulaScope = Object.fromEntries(
    Object.entries(scope).flatMap(([key, value]) => (typeof value === 'number' ? [[key, value]] : [])),
  );
  const result = check.ok ? evaluateFormula(formula, numbers) : check;
  return (
    <>
      <FormulaHelp name={name} />
      <Group gap="sm" mt={6} align="flex-end" wrap="wrap" data-formula-test={name}>
        {check.ok && check.variables.length > 0 ? (
          <Button size="xs" variant="light" onClick={samplePatient} data-action={`sample-patient-${name}`}>
            {t('formula.sample_patient')}
          </Button>
        ) : null}
        {check.ok
          ? [...check.variables, ...check.references.map(referenceSymbol)].map((variable) => (
              <NumberInput
                key={variable}
                size="xs"
                w={110}
                label={t('formula.test_value', { variable })}
                value={scope[variable] ?? ''}
                onChange={(value) => setScope((current) => ({ ...current, [variable]: value }))}
                data-variable={variable}
              />
            ))
          : null}
        <Alert
          py={6}
          px="sm"
          color={result.ok ? 'green' : check.ok && result.error === 'missingVariable' ? 'gray' : 'red'}
          data-testid={`formula-result-${name}`}
        >
          <Text size="sm">
            {result.ok
              ? t('formula.result', { value: formatNumber(result.value, i18n.language) })
              : t(`issues.formula.${result.error}`, { detail: result.detail })}
          </Text>
        </Alert>
      </Group>
    </>
  );
}
