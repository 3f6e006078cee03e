import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { decideAccess, type PortalReportVersionRow, routes } from '@sil/contract';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/dates';
import { showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useDownloadReportVersion, useOpenReportVersion, usePreviewReport, useReportVersions } from './api';

/**
 * The result report of a record (issue 15): a preview as it would read now, watermarked, and the
 * versions stored at each validation with their checksum, each downloadable as it was signed; an
 * amended version says which one it cancels and replaces and why, the replaced one by which
 * (issue 37).
 */
export function ReportCard({ recordId }: { recordId: string }) {
  const { t, i18n } = useTranslation();
  // The watermarked draft is the laboratory's; the portals read the stored (validated) versions.
  const { rights } = useSession();
  const canPreview = decideAccess(routes.previewReport.access, rights).allowed;
  const versions = useReportVersions(recordId);
  const phone = useMediaQuery('(max-width: 575.98px)');

  const previewing = usePreviewReport(recordId);
  const opening = useOpenReportVersion();
  const downloading = useDownloadReportVersion();
  const preview = () => previewing.mutate(i18n.language === 'en' ? 'en' : 'fr');
  const download = (row: PortalReportVersionRow) =>
    downloading.mutate(row, { onSuccess: () => showToast('success', t('report.downloaded')) });
  /** The row whose stored version a mutation is fetching now. */
  const fetching = (
    mutation: { isPending: boolean; variables?: PortalReportVersionRow },
    row: PortalReportVersionRow,
  ) => mutation.isPending && mutation.variables?.report_id === row.report_id;

  const rows = versions.data ?? [];
  const versionOf = new Map(rows.map((row) => [row.report_id, row.report_version]));
  const replacedBy = new Map(
    rows.flatMap((row) => (row.report_replaces ? [[row.report_replaces, row.report_version] as const] : [])),
  );
  /** What a version replaces (and why), or what replaced it; nothing for a version that stands alone. */
  const replacement = (row: PortalReportVersionRow) => {
    const replaced = row.report_replaces ? versionOf.get(row.report_replaces) : undefined;
    const successor = replacedBy.get(row.report_id);
    if (replaced === undefined && successor === undefined) return null;
    return (
      <Stack gap={2} data-testid="report-replacement">
        {replaced !== undefined ? (
          <Text size="sm" fw={600} data-replaces={replaced}>
            {t('report.replaces', { version: replaced })}
          </Text>
        ) : null}
        {row.report_replacement_reason ? (
          <Text size="xs" c="dimmed" lineClamp={2} title={row.report_replacement_reason}>
            {t('report.reason', { reason: row.report_replacement_reason })}
          </Text>
        ) : null}
        {successor !== undefined ? (
          <Badge variant="light" color="gray" data-replaced-by={successor}>
            {t('report.replaced_by', { version: successor })}
          </Badge>
        ) : null}
      </Stack>
    );
  };
  const kindBadge = (row: PortalReportVersionRow) => (
    <Badge variant="light" color={row.report_kind === 'final' ? 'green' : 'yellow'}>
      {t(`report.kinds.${row.report_kind}`)}
    </Badge>
  );
  const downloadButton = (row: PortalReportVersionRow) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconEye size={14} />}
        loading={fetching(opening, row)}
        onClick={() => opening.mutate(row)}
        aria-label={t('report.open_version', { version: row.report_version })}
        data-action="open-report"
      >
        {t('report.open')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconDownload size={14} />}
        loading={fetching(downloading, row)}
        onClick={() => download(row)}
        aria-label={t('report.download_version', { version: row.report_version })}
        data-action="download-report"
      >
        {t('report.download')}
      </Button>
    </Group>
  );
  const checksum = (row: PortalReportVersionRow) => (
    <Text ff="monospace" size="xs" title={row.report_sha256}>
      {row.report_sha256.slice(0, 12)}…
    </Text>
  );
  return (
    <Stack gap="sm" data-testid="report-card">
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>{t('report.title')}</Title>
        {canPreview ? (
          <Button
            variant="light"
            leftSection={<IconEye size={16} />}
            loading={previewing.isPending}
            onClick={preview}
            data-action="preview-report"
          >
            {t('report.preview')}
          </Button>
        ) : null}
      </Group>
      {versions.isPending ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('report.none')}
        </Text>
      ) : phone ? (
        <Stack gap="xs" data-testid="report-versions">
          {rows.map((row) => (
            <Paper key={row.report_id} withBorder p="xs" data-version={row.report_version}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>
                  {t('report.version')} {row.report_version}
                </Text>
                {kindBadge(row)}
              </Group>
              <Text size="sm">
                {row.report_validated_by_name} · {formatDateTime(row.report_validated_at, i18n.language)}
              </Text>
              {replacement(row)}
              <Group justify="space-between" gap="xs">
                {checksum(row)}
                {downloadButton(row)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" data-testid="report-versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('report.version')}</Table.Th>
                <Table.Th>{t('report.kind')}</Table.Th>
                <Table.Th>{t('report.validated_by')}</Table.Th>
                <Table.Th>{t('report.validated_at')}</Table.Th>
                <Table.Th>{t('report.replacement')}</Table.Th>
                <Table.Th>{t('report.checksum')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.report_id} data-version={row.report_version}>
                  <Table.Td>{row.report_version}</Table.Td>
                  <Table.Td>{kindBadge(row)}</Table.Td>
                  <Table.Td>{row.report_validated_by_name}</Table.Td>
                  <Table.Td>{formatDateTime(row.report_validated_at, i18n.language)}</Table.Td>
                  <Table.Td maw={260}>{replacement(row)}</Table.Td>
                  <Table.Td>{checksum(row)}</Table.Td>
                  <Table.Td>{downloadButton(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
