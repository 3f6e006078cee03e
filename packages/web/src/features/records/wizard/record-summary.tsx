import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ANALYSIS_COMBINATIONS } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { formatValueText } from '../../../lib/format/value-text';
import { STEPS } from './steps';
import { useWizard } from './wizard-context';
import { PATIENT_FLAGS, PATIENT_TEXT, RECORD_FLAGS, RECORD_TEXT } from './wizard-values';

const TEXTS: ReadonlySet<string> = new Set([...PATIENT_TEXT, ...RECORD_TEXT]);
const FLAGS: ReadonlySet<string> = new Set([...PATIENT_FLAGS, ...RECORD_FLAGS]);

/** The record summary that ends the wizard: what each step holds, the empty inputs left out. */
export function RecordSummary({
  nameOf,
  onEdit,
}: {
  nameOf: (field: string, value: string) => string;
  onEdit: (step: number) => void;
}) {
  const { t, i18n } = useTranslation('records');
  const { form } = useWizard();
  const values = form.getValues();
  const read = (field: string): string | null => {
    const value = Reflect.get(values, field);
    if (TEXTS.has(field))
      return typeof value === 'string' && value.trim()
        ? formatValueText(nameOf(field, value), i18n.language)
        : null;
    if (FLAGS.has(field)) return value === true ? t('summary.yes') : null;
    if (field === 'record_persons_to_phone')
      return values.record_persons_to_phone.map((person) => t(`persons.${person}`)).join(', ') || null;
    return null;
  };
  return (
    <Stack data-testid="record-summary">
      {STEPS.map((step, index) => {
        if (step.key === 'patient') return null;
        if (step.key === 'analyses') {
          return (
            <Card key={step.key} withBorder>
              <Title order={4} mb="xs" style={{ cursor: 'pointer' }} onClick={() => onEdit(index)}>
                {t(`steps.${step.key}`)}
              </Title>
              <Stack gap={4}>
                {ANALYSIS_COMBINATIONS.map((number) => {
                  const ids = values.combinations[number - 1] ?? [];
                  return ids.length > 0 ? (
                    <Group key={number} gap={6}>
                      <Text size="sm" fw={500}>
                        {t('analyses.combination', { number })}
                      </Text>
                      {ids.map((id) => (
                        <Badge key={id} variant="light">
                          {nameOf('analysis', id)}
                        </Badge>
                      ))}
                    </Group>
                  ) : null;
                })}
              </Stack>
            </Card>
          );
        }
        const filled = step.fields.flatMap((field) => {
          const value = read(field);
          return value ? [{ field, value }] : [];
        });
        if (filled.length === 0) return null;
        return (
          <Card key={step.key} withBorder>
            <Title order={4} mb="xs" style={{ cursor: 'pointer' }} onClick={() => onEdit(index)}>
              {t(`steps.${step.key}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing={4}>
              {filled.map(({ field, value }) => (
                <Text key={field} size="sm">
                  <Text span c="dimmed" size="sm">
                    {t(`fields.${field}`)}
                  </Text>{' '}
                  {value}
                </Text>
              ))}
            </SimpleGrid>
          </Card>
        );
      })}
    </Stack>
  );
}
