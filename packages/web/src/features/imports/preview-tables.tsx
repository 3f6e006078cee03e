import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type {
  ImportInternalStandardLine,
  ImportPreview,
  ImportPreviewLine,
  UnknownSampleLine,
} from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../lib/format/dates';
import { formatNumber } from '../../lib/format/numbers';

/** Rows shown at once: a 10,000-row file is summed up, not drawn whole. */
export const SHOWN_ROWS = 200;

/** Keys from what a row says; a row repeated on the same line (two injections) gets its rank. */
function keyed<T>(rows: T[], keyOf: (row: T) => string): Array<{ key: string; row: T }> {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = keyOf(row);
    const rank = seen.get(base) ?? 0;
    seen.set(base, rank + 1);
    return { key: `${base}#${rank}`, row };
  });
}

function Value({ line }: { line: ImportPreviewLine }) {
  const { i18n } = useTranslation();
  const shown =
    line.result_value === null ? (line.result_text ?? '') : formatNumber(line.result_value, i18n.language);
  return (
    <>
      {shown}
      {line.result_value !== null && line.result_text ? ` (${line.result_text})` : ''}
    </>
  );
}

function Flags({ line }: { line: ImportPreviewLine }) {
  const { t } = useTranslation('records');
  return (
    <Group gap={4}>
      {line.result_flags.map((flag) => (
        <Badge
          key={flag}
          size="sm"
          variant="light"
          color={flag === 'low' || flag === 'high' ? 'red' : 'gray'}
        >
          {t(`samples.flags.${flag}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** The values the import writes, each with the reading the bench will show. */
export function PreviewLines({ preview }: { preview: ImportPreview }) {
  const { t, i18n } = useTranslation('records');
  const narrow = useMediaQuery('(max-width: 991.98px)');
  const lines = keyed(preview.lines.slice(0, SHOWN_ROWS), (line) => `${line.sample_id}/${line.parameter_id}`);
  const change = (line: ImportPreviewLine) => (
    <Badge size="sm" variant="outline" color={line.change === 'same' ? 'gray' : 'blue'}>
      {t(`import.change.${line.change}`)}
    </Badge>
  );
  if (narrow) {
    return (
      <Stack gap="xs" data-import-lines>
        {lines.map(({ key, row: line }) => (
          <Stack key={key} gap={2} data-import-line={line.sample_number}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>{line.sample_number}</Text>
              {change(line)}
            </Group>
            <Text size="sm">
              {line.parameter_name} : <Value line={line} /> {line.result_unit ?? ''}
            </Text>
            <Flags line={line} />
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-import-lines>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('import.line')}</Table.Th>
            <Table.Th>{t('import.sample')}</Table.Th>
            <Table.Th>{t('import.parameter')}</Table.Th>
            <Table.Th>{t('import.raw')}</Table.Th>
            <Table.Th>{t('import.value')}</Table.Th>
            <Table.Th>{t('import.calculated')}</Table.Th>
            <Table.Th>{t('import.flags')}</Table.Th>
            <Table.Th>{t('import.change_column')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map(({ key, row: line }) => (
            <Table.Tr key={key} data-import-line={line.sample_number}>
              <Table.Td>{line.line}</Table.Td>
              <Table.Td>{line.sample_number}</Table.Td>
              <Table.Td>
                {line.parameter_name}
                <Text size="xs" c="dimmed">
                  {line.instrument_code}
                </Text>
              </Table.Td>
              <Table.Td>{line.raw_text}</Table.Td>
              <Table.Td>
                <Value line={line} />
              </Table.Td>
              <Table.Td>
                {line.result_calculated === null
                  ? ''
                  : `${formatNumber(line.result_calculated, i18n.language)} ${line.result_unit ?? ''}`}
              </Table.Td>
              <Table.Td>
                <Flags line={line} />
              </Table.Td>
              <Table.Td>{change(line)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The machine's control values of the file: each goes to a new control run, read by the Westgard rules. */
export function ControlLines({ preview }: { preview: ImportPreview }) {
  const { t, i18n } = useTranslation('records');
  const narrow = useMediaQuery('(max-width: 991.98px)');
  const rows = keyed(preview.controls.slice(0, SHOWN_ROWS), (row) => `${row.line}/${row.ciq_setting_id}`);
  const deviation = (z: number) =>
    `${z > 0 ? '+' : ''}${formatNumber(Math.round(z * 100) / 100, i18n.language)}`;
  const far = (z: number) => (Math.abs(z) > 3 ? 'red' : Math.abs(z) > 2 ? 'orange' : 'gray');
  if (narrow) {
    return (
      <Stack gap="xs" data-import-controls>
        {rows.map(({ key, row }) => (
          <Stack key={key} gap={2} data-import-control={row.sample_ref}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>
                {row.ciq_level} · {row.ciq_lot}
              </Text>
              <Badge size="sm" variant="light" color={far(row.ciq_z)}>
                {deviation(row.ciq_z)} {t('import.control_z')}
              </Badge>
            </Group>
            <Text size="sm">
              {row.parameter_name} : {formatNumber(row.ciq_value, i18n.language)}
            </Text>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-import-controls>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('import.line')}</Table.Th>
            <Table.Th>{t('import.sample_ref')}</Table.Th>
            <Table.Th>{t('import.parameter')}</Table.Th>
            <Table.Th>{t('import.control_level')}</Table.Th>
            <Table.Th>{t('import.control_lot')}</Table.Th>
            <Table.Th>{t('import.control_value')}</Table.Th>
            <Table.Th>{t('import.control_z')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ key, row }) => (
            <Table.Tr key={key} data-import-control={row.sample_ref}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.sample_ref}</Table.Td>
              <Table.Td>
                {row.parameter_name}
                <Text size="xs" c="dimmed">
                  {row.instrument_code}
                </Text>
              </Table.Td>
              <Table.Td>{row.ciq_level}</Table.Td>
              <Table.Td>{row.ciq_lot}</Table.Td>
              <Table.Td>{formatNumber(row.ciq_value, i18n.language)}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={far(row.ciq_z)}>
                  {deviation(row.ciq_z)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The file's sample ids that match no sample, once per kind of row, with where and how often. */
export function UnknownSamples({ rows }: { rows: UnknownSampleLine[] }) {
  const { t } = useTranslation('records');
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table data-import-unknown-samples>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('import.sample_ref')}</Table.Th>
            <Table.Th>{t('import.row_kind')}</Table.Th>
            <Table.Th>{t('import.first_line')}</Table.Th>
            <Table.Th>{t('import.row_count')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, SHOWN_ROWS).map((row) => (
            <Table.Tr key={`${row.kind}/${row.sample_ref}`} data-unknown-sample={row.sample_ref}>
              <Table.Td>{row.sample_ref}</Table.Td>
              <Table.Td>{t(`import.kinds.${row.kind}`)}</Table.Td>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.rows}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Each injection's internal standard: its peak is the injection's quality control, never a result. */
export function InternalStandards({ rows }: { rows: ImportInternalStandardLine[] }) {
  const { t, i18n } = useTranslation('records');
  // '50 %' in French, '50%' in English, as each language writes a percentage.
  const percent = (value: number | null) =>
    value === null
      ? '—'
      : new Intl.NumberFormat(intlLocale(i18n.language), {
          style: 'percent',
          maximumFractionDigits: 1,
        }).format(value / 100);
  const keyedRows = keyed(rows.slice(0, SHOWN_ROWS), (row) => `${row.line}/${row.sample_ref}`);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-import-istd>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('import.line')}</Table.Th>
            <Table.Th>{t('import.sample_ref')}</Table.Th>
            <Table.Th>{t('import.row_kind')}</Table.Th>
            <Table.Th>{t('import.istd')}</Table.Th>
            <Table.Th>{t('import.istd_area')}</Table.Th>
            <Table.Th>{t('import.istd_retention_time')}</Table.Th>
            <Table.Th>{t('import.istd_area_percent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keyedRows.map(({ key, row }) => (
            <Table.Tr key={key} data-import-istd-line={row.sample_ref}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.sample_ref}</Table.Td>
              <Table.Td>{t(`import.kinds.${row.kind}`)}</Table.Td>
              <Table.Td>{row.instrument_code}</Table.Td>
              <Table.Td>{formatNumber(row.istd_area, i18n.language)}</Table.Td>
              <Table.Td>{formatNumber(row.istd_retention_time, i18n.language)}</Table.Td>
              <Table.Td>{percent(row.istd_area_percent)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Every row the import leaves out, with why; rows of an unknown sample id are summed up by
 * UnknownSamples instead of being repeated for each target or compound.
 */
export function UnmatchedLines({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('records');
  const rows = keyed(
    preview.unmatched.filter((row) => row.reason !== 'unknownSample').slice(0, SHOWN_ROWS),
    (row) => `${row.line}/${row.sample_ref}/${row.instrument_code}`,
  );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table data-import-unmatched>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('import.line')}</Table.Th>
            <Table.Th>{t('import.sample_ref')}</Table.Th>
            <Table.Th>{t('import.instrument_code')}</Table.Th>
            <Table.Th>{t('import.raw')}</Table.Th>
            <Table.Th>{t('import.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ key, row }) => (
            <Table.Tr key={key} data-unmatched-reason={row.reason}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.sample_ref}</Table.Td>
              <Table.Td>{row.instrument_code}</Table.Td>
              <Table.Td>{row.raw_text}</Table.Td>
              <Table.Td>{t(`import.reasons.${row.reason}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
