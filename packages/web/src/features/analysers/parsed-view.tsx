import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { ParsedMessage, ParsedResult } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../lib/format/dates';
import { formatValueText } from '../../lib/format/value-text';

/** How the agent read a message: its results as a table, a query's specimens, or why it could not. */
export function ParsedView({ parsed }: { parsed: ParsedMessage }) {
  const { t } = useTranslation('analysers');
  switch (parsed.kind) {
    case 'results':
      return <ResultsTable results={parsed.results} />;
    case 'query':
      return <Text size="sm">{t('parsed.query', { specimens: parsed.specimen_ids.join(', ') })}</Text>;
    case 'unreadable':
      return (
        <Text size="sm" c="red">
          {t('parsed.unreadable', { reason: parsed.reason })}
        </Text>
      );
    case 'other':
      return <Text size="sm">{t('parsed.other', { type: parsed.message_type })}</Text>;
    case 'order':
      return (
        <Text size="sm">
          {t('parsed.order', {
            specimens: parsed.specimen_ids.join(', '),
            tests: parsed.test_codes.join(', '),
          })}
          {parsed.answer ? ` ${t('parsed.order_answer', { answer: parsed.answer })}` : ''}
        </Text>
      );
  }
}

/** A result's value and unit as the screen writes numbers ('0,35 g/L' in French); text as sent. */
export function resultValueText(result: ParsedResult, language: string): string {
  return `${formatValueText(result.value, language)} ${result.unit}`.trim();
}

/**
 * The analyser's run time (ASTM and HL7 write 'YYYYMMDDHHMM[SS]', on the analyser's own clock) in
 * the screen's words; anything else as sent.
 */
export function runAtText(runAt: string, language: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(runAt);
  if (!match) return runAt;
  const [, year, month, day, hour, minute] = match;
  return formatLocalDateTime(`${year}-${month}-${day}T${hour}:${minute}`, language);
}

export function ResultsTable({ results }: { results: readonly ParsedResult[] }) {
  const { t, i18n } = useTranslation('analysers');
  return (
    <ScrollArea type="auto">
      <Table striped withTableBorder fz="sm" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('parsed.specimen')}</Table.Th>
            <Table.Th>{t('parsed.test_code')}</Table.Th>
            <Table.Th>{t('parsed.value')}</Table.Th>
            <Table.Th>{t('parsed.flags')}</Table.Th>
            <Table.Th>{t('parsed.status')}</Table.Th>
            <Table.Th>{t('parsed.run_at')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((result, index) => (
            // Results have no id of their own; their order in the message is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: the message's order
            <Table.Tr key={index}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {result.specimen_id}
                  {result.qc ? (
                    <Badge size="xs" variant="light">
                      {t('parsed.qc')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                {result.test_code}
                {result.test_name ? ` · ${result.test_name}` : ''}
              </Table.Td>
              <Table.Td>{resultValueText(result, i18n.language)}</Table.Td>
              <Table.Td>{result.flags.join(' ')}</Table.Td>
              <Table.Td>{result.status}</Table.Td>
              <Table.Td>{result.run_at ? runAtText(result.run_at, i18n.language) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
