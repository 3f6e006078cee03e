import { Alert, Group, NumberInput, Text } from '@mantine/core';
import { checkFormula, evaluateFormula, type FormulaScope, referenceSymbol } from '@sil/contract';
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
export function FormulaTester({ formula, name }: { formula: string; name: string }) {
  const { t, i18n } = useTranslation('tables');
  const [scope, setScope] = useState<Record<string, number | string>>({});
  if (formula.trim() === '') return null;
  const check = checkFormula(formula);
  const numbers: FormulaScope = Object.fromEntries(
    Object.entries(scope).flatMap(([key, value]) => (typeof value === 'number' ? [[key, value]] : [])),
  );
  const result = check.ok ? evaluateFormula(formula, numbers) : check;
  return (
    <Group gap="sm" mt={6} align="flex-end" wrap="wrap" data-formula-test={name}>
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
  );
}
