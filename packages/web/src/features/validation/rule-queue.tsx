import { Anchor, Badge, Button, Card, Group, List, Stack, Table, Text } from '@mantine/core';
import { hrefTo, type RuleReason, type WebLocale } from '@sil/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../lib/notify';
import { useRuleQueue, useValidateByRules } from './rules-api';

/** A reason in words: 'Out of range: Glucose (Glycémie à jeun, 2611230001-01)'. */
export function reasonText(reason: RuleReason, t: TFunction<'validation'>): string {
  const where = [reason.parameter_name, reason.analysis_name, reason.sample_number].filter(Boolean);
  const what = t(`rules.failures.${reason.failure}`);
  return where.length === 0 ? what : t('rules.reason', { what, where: where.join(' · ') });
}

/**
 * The records pending validation under the rules: each passes, or says what it fails. One action
 * validates the passing ones, as the biologist, each through validate-record.
 */
export function RuleQueue({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation('validation');
  const queue = useRuleQueue();
  const validating = useValidateByRules();
  const entries = queue.data ?? [];
  const passing = entries.filter((entry) => entry.passes).map((entry) => entry.record_id);
  const validate = () =>
    validating.mutate(
      { record_ids: passing },
      {
        onSuccess: (answer) =>
          showToast(
            'success',
            t('rules.validated', { count: answer.validated.length, skipped: answer.skipped.length }),
          ),
      },
    );
  return (
    <Card withBorder padding="sm" data-testid="rule-queue">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('rules.queue_title', { passing: passing.length, count: entries.length })}</Text>
        <Button
          onClick={validate}
          disabled={passing.length === 0}
          loading={validating.isPending}
          data-action="validate-passing"
        >
          {t('rules.validate_passing', { count: passing.length })}
        </Button>
      </Group>
      <Table verticalSpacing={2} fz="sm" striped>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.record_id} data-record={entry.record_id} data-passes={entry.passes}>
              {/* Number and patient in one cell: on a phone the reasons keep the row's width. */}
              <Table.Td w="40%">
                <Stack gap={0}>
                  <Anchor
                    component={Link}
                    to={hrefTo(locale, 'validateRecord', { recordId: entry.record_id })}
                    ff="monospace"
                  >
                    {entry.record_number}
                  </Anchor>
                  <Text size="sm">
                    {[entry.patient_surname, entry.patient_name].filter(Boolean).join(' ')}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                {entry.passes ? (
                  <Badge color="teal">{t('rules.passes')}</Badge>
                ) : (
                  <List size="xs" data-testid="rule-reasons">
                    {entry.reasons.map((reason, index) => (
                      // Reasons have no id of their own; their order is the server's and stable.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <List.Item key={index}>{reasonText(reason, t)}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
