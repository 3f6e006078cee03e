import { Badge, Center, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PatientResultRow, ResultFlag } from '@sil/contract';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/dates';
import { formatNumber } from '../../lib/format/numbers';
import { usePatientResults } from './api';

const MOBILE_QUERY = '(max-width: 991.98px)';
const PAGE_SIZE = 20;

/** Red when the patient's range or a forensic threshold is crossed; the word always says it too. */
const FLAG_COLOR: Record<ResultFlag, string> = {
  low: 'blue',
  high: 'red',
  belowDetection: 'gray',
  aboveDetection: 'orange',
  positive: 'red',
  negative: 'teal',
  therapeutic: 'teal',
  toxic: 'orange',
  deadly: 'red',
};

/** The value as it was reported: '< 0,5 g/L', '1,26 g/L', 'positif'. */
function valueText(row: PatientResultRow, language: string): string {
  const number = row.result_calculated ?? row.result_value;
  if (number === null) return row.result_text ?? '—';
  const censored = row.result_censored ? `${row.result_censored} ` : '';
  const unit = row.result_unit ? ` ${row.result_unit}` : '';
  return `${censored}${formatNumber(number, language, { maxDecimals: 6 })}${unit}`;
}

function Flags({ flags, t }: { flags: readonly ResultFlag[]; t: TFunction }) {
  if (flags.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {flags.map((flag) => (
        <Badge key={flag} color={FLAG_COLOR[flag]} variant="light" size="sm" data-flag={flag}>
          {t(`samples.flags.${flag}`)}
        </Badge>
      ))}
    </Group>
  );
}

function Validation({ validated, t }: { validated: boolean; t: TFunction }) {
  return (
    <Badge color={validated ? 'teal' : 'gray'} variant={validated ? 'light' : 'outline'} size="sm">
      {t(validated ? 'history.result_validated' : 'history.result_not_validated')}
    </Badge>
  );
}

/**
 * The patient's results in the history (issue 13 'Anteriority'): every measured parameter on every
 * record, newest collection first, a page at a time, with its flags and whether it is validated.
 */
export function PatientResults({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('records');
  const phone = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches);
  const [page, setPage] = useState(1);
  const results = usePatientResults(patientId, page, PAGE_SIZE);
  const answer = results.data;
  const language = i18n.language;
  const analysis = (row: PatientResultRow) =>
    row.analysis_name ? `${row.analysis_name} · ${row.parameter_name}` : row.parameter_name;

  let body: ReactNode;
  if (!answer) {
    body = results.isLoading ? (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    ) : null;
  } else if (answer.data.length === 0) {
    body = <Text c="dimmed">{t('history.no_results')}</Text>;
  } else if (phone) {
    body = (
      <Stack gap="xs">
        {answer.data.map((row) => (
          <Paper key={row.result_id} withBorder p="xs" data-testid="history-result">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {analysis(row)}
              </Text>
              <Validation validated={row.result_validated} t={t} />
            </Group>
            <Group gap="xs" wrap="wrap" mt={4}>
              <Text fw={600} ff="monospace">
                {valueText(row, language)}
              </Text>
              <Flags flags={row.result_flags} t={t} />
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {formatDateTime(row.collected_at, language)} · {row.record_number}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.columns.collected')}</Table.Th>
              <Table.Th>{t('history.columns.record')}</Table.Th>
              <Table.Th>{t('history.columns.analysis')}</Table.Th>
              <Table.Th>{t('history.columns.value')}</Table.Th>
              <Table.Th>{t('history.columns.flags')}</Table.Th>
              <Table.Th>{t('history.columns.validation')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.data.map((row) => (
              <Table.Tr key={row.result_id} data-testid="history-result">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(row.collected_at, language)}
                </Table.Td>
                <Table.Td ff="monospace">{row.record_number}</Table.Td>
                <Table.Td>{analysis(row)}</Table.Td>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {valueText(row, language)}
                </Table.Td>
                <Table.Td>
                  <Flags flags={row.result_flags} t={t} />
                </Table.Td>
                <Table.Td>
                  <Validation validated={row.result_validated} t={t} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="xs" data-testid="history-results">
      <Title order={3}>{t('history.results', { count: answer?.number_of_rows ?? 0 })}</Title>
      {body}
      {answer && answer.number_of_pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={answer.number_of_pages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label={t('history.results_pages')}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
