import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { decideAccess, fileRoutes, type PortalReportVersionRow, routes } from '@sil/contract';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload, call } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format/dates';
import { notifyApiError, showToast } from '../../lib/notify';
import { saveFile } from '../../lib/save-file';
import { useSession } from '../../lib/use-session';
import { useReportVersions } from './api';

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
  const [busy, setBusy] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 575.98px)');

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const preview = () =>
    run('preview', async () => {
      const lang = i18n.language === 'en' ? 'en' : 'fr';
      const answer = await call('previewReport', { query: { record_id: recordId, lang } });
      if ('skip' in answer) return;
      const bytes = Uint8Array.from(atob(answer.pdf_base64), (char) => char.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      // A new tab shows the PDF in the browser's reader; without one (a blocked pop-up) it is saved.
      if (!window.open(url, '_blank')) saveFile({ blob: new Blob([bytes]), fileName: answer.filename });
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    });

  /** A stored version in the browser's PDF reader (saved instead when no tab may open). */
  const open = (row: PortalReportVersionRow) =>
    run(`open-${row.report_id}`, async () => {
      const file = await apiDownload(
        fileRoutes.downloadReport.path,
        { report_id: row.report_id },
        `report-v${row.report_version}.pdf`,
      );
      const url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
      if (!window.open(url, '_blank')) saveFile(file);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    });

  const download = (row: PortalReportVersionRow) =>
    run(row.report_id, async () => {
      saveFile(
        await apiDownload(
          fileRoutes.downloadReport.path,
          { report_id: row.report_id },
          `report-v${row.report_version}.pdf`,
        ),
      );
      showToast('success', t('report.downloaded'));
    });

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
        loading={busy === `open-${row.report_id}`}
        onClick={() => void open(row)}
        aria-label={t('report.open_version', { version: row.report_version })}
        data-action="open-report"
      >
        {t('report.open')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconDownload size={14} />}
        loading={busy === row.report_id}
        onClick={() => void download(row)}
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
            loading={busy === 'preview'}
            onClick={() => void preview()}
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
