import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IMPORT_FILE_TYPES,
  type ImportAnswer,
  ImportFields,
  type ImportFileType,
  type ImportInternalStandardLine,
  type ImportPreview,
  type UnknownSampleLine,
} from '@sil/contract';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { schemaResolver } from '../../lib/form/form-resolver';
import { formatDateTime } from '../../lib/format/dates';
import { showToast } from '../../lib/notify';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useSession } from '../../lib/use-session';
import { type ImportChoice, useImportResults, usePreviewImport } from './api';
import { MappingSection } from './mapping-section';
import {
  ControlLines,
  InternalStandards,
  PreviewLines,
  SHOWN_ROWS,
  UnknownSamples,
  UnmatchedLines,
} from './preview-tables';

/** Why the server refused a file (`details.reason` of invalidImportFile). */
const REFUSAL_REASONS = [
  'missingSection',
  'missingColumn',
  'emptyCell',
  'unreadable',
  'truncatedLine',
  'missingCell',
] as const;
type RefusalReason = (typeof REFUSAL_REASONS)[number];
const isRefusalReason = (reason: unknown): reason is RefusalReason =>
  REFUSAL_REASONS.some((known) => known === reason);

/**
 * Where a refused file is wrong, as the server names it (line, column), and why: a file cut short
 * is said to be incomplete, not of another type, so that the technician exports it again.
 */
function RefusedFile({ error }: { error: unknown }) {
  const { t } = useTranslation(['records', 'translation']);
  if (!(error instanceof ApiError)) return null;
  const details = (error.details ?? {}) as { line?: number; column?: string | null; reason?: string };
  const reason = isRefusalReason(details.reason) ? details.reason : null;
  return (
    <Alert
      color="red"
      title={
        reason === 'truncatedLine'
          ? t('import.truncated_title')
          : t(`translation:errors.${error.code}`, { defaultValue: error.code })
      }
      data-import-error
      data-import-refusal={reason ?? undefined}
    >
      <Stack gap={4}>
        {details.line ? (
          <Text size="sm">
            {t('import.refused_at', { line: details.line, column: details.column ?? '—' })}
          </Text>
        ) : null}
        {reason ? <Text size="sm">{t(`import.refusal_reasons.${reason}`)}</Text> : null}
      </Stack>
    </Alert>
  );
}

/**
 * What the technician checks besides the values: the file's ids that match no sample (once per
 * kind of row) and each injection's internal standard (quality control, never a result).
 */
function QualitySections({
  unknown,
  standards,
}: {
  unknown: UnknownSampleLine[];
  standards: ImportInternalStandardLine[];
}) {
  const { t } = useTranslation('records');
  return (
    <>
      {standards.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {t('import.istd_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('import.istd_hint')}
          </Text>
          <InternalStandards rows={standards} />
        </Stack>
      ) : null}
      {unknown.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {t('import.unknown_samples_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('import.unknown_samples_hint')}
          </Text>
          <UnknownSamples rows={unknown} />
        </Stack>
      ) : null}
    </>
  );
}

/** What the import did, from its answer: kept on screen until another file or choice is made. */
function ImportReport({ answer }: { answer: ImportAnswer }) {
  const { t } = useTranslation('records');
  return (
    <Card withBorder data-import-report>
      <Stack>
        <Title order={2} fz="h4">
          {t('import.report_title')}
        </Title>
        <Group gap="xs">
          <Badge variant="light" color="teal">
            {t('import.written', { count: answer.written })}
          </Badge>
          <Badge variant="light" color="gray">
            {t('import.unchanged', { count: answer.unchanged })}
          </Badge>
          {answer.controls > 0 ? (
            <Badge variant="light" color="violet">
              {t('import.controls_written', { count: answer.controls })}
            </Badge>
          ) : null}
          {answer.unmatched > 0 ? (
            <Badge variant="light" color="orange">
              {t('import.left_out', { count: answer.unmatched })}
            </Badge>
          ) : null}
        </Group>
        <QualitySections unknown={answer.unknown_samples} standards={answer.internal_standards} />
      </Stack>
    </Card>
  );
}

function Working({ file }: { file: File }) {
  const { t } = useTranslation('records');
  return (
    <Stack gap={4} data-import-progress>
      <Text size="sm">
        {t('import.reading', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })}
      </Text>
      <Progress value={100} striped animated aria-label={t('import.reading_label')} />
    </Stack>
  );
}

function Summary({ preview }: { preview: ImportPreview }) {
  const { t, i18n } = useTranslation('records');
  return (
    <Stack gap="xs">
      <Group gap="xs" data-import-summary>
        <Badge variant="light">{t('import.rows', { count: preview.total_rows })}</Badge>
        <Badge variant="light" color="teal">
          {t('import.samples', { count: preview.samples })}
        </Badge>
        <Badge variant="light" color="gray">
          {t('import.values', { count: preview.lines.length })}
        </Badge>
        {preview.controls.length > 0 ? (
          <Badge variant="light" color="violet">
            {t('import.controls', { count: preview.controls.length })}
          </Badge>
        ) : null}
        {preview.unmatched.length > 0 ? (
          <Badge variant="light" color="orange">
            {t('import.left_out', { count: preview.unmatched.length })}
          </Badge>
        ) : null}
        {preview.unknown_samples.length > 0 ? (
          <Badge variant="light" color="red">
            {t('import.unknown_samples', { count: preview.unknown_samples.length })}
          </Badge>
        ) : null}
      </Group>
      {preview.parameters.length > 0 ? (
        <Group gap={6} data-import-parameters>
          <Text size="sm">{t('import.parameters_found')}</Text>
          {preview.parameters.map((found) => (
            <Badge key={`${found.parameter_id}-${found.instrument_code}`} variant="outline">
              {found.parameter_name} ({found.instrument_code}) × {found.count}
            </Badge>
          ))}
        </Group>
      ) : null}
      {preview.unmapped_codes.length > 0 ? (
        <Text size="sm" c="orange" data-import-unmapped>
          {t('import.unmapped_codes', { codes: preview.unmapped_codes.join(', ') })}
        </Text>
      ) : null}
      {preview.already_imported_at ? (
        <Alert color="yellow" data-import-already>
          {t('import.already_imported', { date: formatDateTime(preview.already_imported_at, i18n.language) })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The choice on screen: nothing is chosen at first. */
interface ChoiceValues {
  fileType: ImportFileType | null;
  machineId: string | null;
  file: File | null;
}

/** The import's fields as the contract checks them (file_type, machine_id), with the file itself. */
const ImportChoiceSchema = z
  .custom<ChoiceValues>()
  .transform(({ fileType, machineId, file }): unknown => ({
    file_type: fileType ?? undefined,
    machine_id: machineId ?? undefined,
    file,
  }))
  .pipe(ImportFields.extend({ file: z.instanceof(File) }))
  .transform(
    ({ file_type, machine_id, file }): ImportChoice => ({
      fileType: file_type,
      machineId: machine_id ?? null,
      file,
    }),
  );

/**
 * import: choose a file type and an instrument file; the values it would write are shown with the
 * bench's reading of each, the rows it leaves out with why; 'Import sample results' writes them all.
 */
export function ImportPage() {
  const { t } = useTranslation(['records', 'translation']);
  const { rights } = useSession();
  const machines = useLoadAll('machines');
  const form = useForm<ChoiceValues, unknown, ImportChoice>({
    defaultValues: { fileType: null, machineId: null, file: null },
    resolver: schemaResolver(ImportChoiceSchema),
  });
  const [fileType, machineId, file] = form.watch(['fileType', 'machineId', 'file']);
  const [report, setReport] = useState<ImportAnswer | null>(null);
  const preview = usePreviewImport();
  const importing = useImportResults();
  const mappingRight = rights?.admin_machines ?? 0;

  /** The preview follows the choice: read again once a type and a file are there. */
  const read = () => {
    const choice = form.getValues();
    if (choice.fileType && choice.file)
      preview.mutate({ fileType: choice.fileType, machineId: choice.machineId, file: choice.file });
    else preview.reset();
  };
  // Another type, machine or file: the last import's report no longer describes what is shown.
  const chose = () => {
    setReport(null);
    read();
  };
  const confirm = form.handleSubmit((choice) =>
    importing.mutate(choice, {
      onSuccess: (answer) => {
        setReport(answer);
        if (answer.written === 0 && answer.controls === 0) showToast('info', t('import.nothing_changed'));
        else
          showToast(
            'success',
            t('toast.resultsImportSuccess'),
            [
              t('import.written', { count: answer.written }),
              answer.controls > 0 ? t('import.controls_written', { count: answer.controls }) : '',
            ]
              .filter(Boolean)
              .join(' · '),
          );
        if (answer.ciq_run_status === 'rejected') showToast('warning', t('import.control_run_rejected'));
        read();
      },
    }),
  );
  const shown = preview.data;
  const busy = preview.isPending || importing.isPending;

  return (
    <Stack>
      <PageHeader title={t('translation:title.import')} subtitle={t('import.subtitle')} />
      <Card withBorder>
        <Stack>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Controller
              control={form.control}
              name="fileType"
              render={({ field }) => (
                <Select
                  label={t('import.file_type')}
                  placeholder={t('import.choose_file_type')}
                  data={IMPORT_FILE_TYPES.map((type) => ({ value: type, label: t(`import.types.${type}`) }))}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    chose();
                  }}
                  searchable
                  data-field="file_type"
                />
              )}
            />
            <Controller
              control={form.control}
              name="machineId"
              render={({ field }) => (
                <Select
                  label={t('import.machine')}
                  placeholder={t('import.every_machine')}
                  data={machines.choices}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    chose();
                  }}
                  clearable
                  searchable
                  data-field="machine"
                />
              )}
            />
            <Controller
              control={form.control}
              name="file"
              render={({ field }) => (
                <FileInput
                  label={t('import.file')}
                  placeholder={t('import.choose_file')}
                  accept=".csv,.txt,.tsv,.log,text/csv,text/plain"
                  leftSection={<IconUpload size={16} />}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    chose();
                  }}
                  clearable
                  data-field="file"
                />
              )}
            />
          </SimpleGrid>
          {busy && file ? <Working file={file} /> : null}
          {preview.isError ? <RefusedFile error={preview.error} /> : null}
          {importing.isError ? <RefusedFile error={importing.error} /> : null}
          {!fileType || !file ? (
            <Text c="dimmed" size="sm">
              {t('import.choose_both')}
            </Text>
          ) : null}
        </Stack>
      </Card>
      {report ? <ImportReport answer={report} /> : null}
      {shown && !preview.isPending ? (
        <Card withBorder data-import-preview>
          <Stack>
            <Summary preview={shown} />
            {shown.lines.length > 0 ? <PreviewLines preview={shown} /> : null}
            {shown.lines.length > SHOWN_ROWS ? (
              <Text size="sm" c="dimmed">
                {t('import.more_rows', { count: shown.lines.length - SHOWN_ROWS })}
              </Text>
            ) : null}
            {shown.controls.length > 0 ? (
              <Stack gap="xs">
                <Title order={2} fz="h4">
                  {t('import.controls_title')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('import.controls_hint')}
                </Text>
                <ControlLines preview={shown} />
              </Stack>
            ) : null}
            {/* Once imported, the report above shows them: the file read again would repeat them. */}
            {report ? null : (
              <QualitySections unknown={shown.unknown_samples} standards={shown.internal_standards} />
            )}
            <Group justify="flex-end">
              <Button
                leftSection={<IconFileImport size={18} />}
                onClick={(event) => void confirm(event)}
                loading={importing.isPending}
                disabled={
                  (shown.lines.length === 0 && shown.controls.length === 0) ||
                  (rights?.admin_samples ?? 0) < 2
                }
                data-action="import-results"
              >
                {t('import.confirm')}
              </Button>
            </Group>
            {shown.unmatched.some((row) => row.reason !== 'unknownSample') ? (
              <Stack gap="xs">
                <Title order={2} fz="h4">
                  {t('import.unmatched_title')}
                </Title>
                <UnmatchedLines preview={shown} />
              </Stack>
            ) : null}
          </Stack>
        </Card>
      ) : null}
      {fileType && mappingRight >= 1 ? (
        <Card withBorder>
          <MappingSection
            fileType={fileType}
            machineId={machineId}
            unmappedCodes={shown?.unmapped_codes ?? []}
            canEdit={mappingRight >= 2}
          />
        </Card>
      ) : null}
    </Stack>
  );
}
