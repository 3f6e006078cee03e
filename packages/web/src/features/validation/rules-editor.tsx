import { ActionIcon, Card, Checkbox, Group, Select, Table, Text } from '@mantine/core';
import { VALIDATION_CHECKS, type ValidationCheck, type ValidationRuleRow } from '@sil/contract';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  useAnalysisChoices,
  useDeleteValidationRule,
  useSetValidationRule,
  useValidationRules,
} from './rules-api';

const column = (check: ValidationCheck) => `rule_${check}` as const;

/**
 * The biologist's rules, one per analysis: a row of boxes, each a check a record must pass to be
 * validated with others in one action. A box saves at once; a new analysis starts with every check.
 */
export function RulesEditor() {
  const { t } = useTranslation('validation');
  const rules = useValidationRules();
  const analyses = useAnalysisChoices();
  const saving = useSetValidationRule();
  const removing = useDeleteValidationRule();
  const ruled = new Set((rules.data ?? []).map((rule) => rule.rule_analysis));
  const checksOf = (rule: ValidationRuleRow) => ({
    rule_in_range: rule.rule_in_range,
    rule_delta: rule.rule_delta,
    rule_no_marks: rule.rule_no_marks,
    rule_no_comment: rule.rule_no_comment,
    rule_patient_not_flagged: rule.rule_patient_not_flagged,
  });
  const write = (rule: ValidationRuleRow, check: ValidationCheck, on: boolean) =>
    saving.mutate({
      rule_analysis: rule.rule_analysis,
      rule_last_updated: rule.rule_last_updated,
      ...checksOf(rule),
      [column(check)]: on,
    });
  const add = (analysisId: string | null) =>
    analysisId &&
    saving.mutate({
      rule_analysis: analysisId,
      rule_last_updated: null,
      rule_in_range: true,
      rule_delta: true,
      rule_no_marks: true,
      rule_no_comment: true,
      rule_patient_not_flagged: true,
    });
  return (
    <Card withBorder padding="sm" data-testid="validation-rules">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('rules.title')}</Text>
        <Select
          placeholder={t('rules.add')}
          aria-label={t('rules.add')}
          data={(analyses.data ?? []).filter((choice) => !ruled.has(choice.value))}
          searchable
          w={{ base: '100%', sm: 320 }}
          value={null}
          onChange={add}
          data-field="rule-analysis"
        />
      </Group>
      {/* Five checks a row: on a phone the matrix scrolls sideways rather than squeezing its headers. */}
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing={2} fz="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rules.analysis')}</Table.Th>
              {VALIDATION_CHECKS.map((check) => (
                <Table.Th key={check}>{t(`rules.checks.${check}`)}</Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rules.data ?? []).map((rule) => (
              <Table.Tr key={rule.rule_id} data-rule={rule.analysis_name}>
                <Table.Td>{rule.analysis_name}</Table.Td>
                {VALIDATION_CHECKS.map((check) => (
                  <Table.Td key={check}>
                    <Checkbox
                      checked={rule[column(check)]}
                      onChange={(event) => write(rule, check, event.currentTarget.checked)}
                      aria-label={t('rules.check_of', {
                        check: t(`rules.checks.${check}`),
                        analysis: rule.analysis_name,
                      })}
                      data-check={check}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => removing.mutate(rule.rule_analysis)}
                    aria-label={t('rules.remove', { analysis: rule.analysis_name })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rules.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('rules.none')}
        </Text>
      ) : null}
    </Card>
  );
}
