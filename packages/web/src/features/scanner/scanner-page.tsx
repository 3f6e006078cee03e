import { Alert, Button, Card, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { hrefTo, type RecordRow, ScanRecordBody, type WebLocale } from '@sil/contract';
import { IconBarcode, IconEye } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { RecordStatusBadge } from '../../components/record-status-badge';
import { ApiError } from '../../lib/api-client';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { formatDateTime } from '../../lib/format/dates';
import { errorMessage, notifyApiError, showToast } from '../../lib/notify';
import { useScanRecord } from './api';

/**
 * Scanner (spec.md §2): a USB barcode reader types the record number, or a tube's sample number
 * (issue 40), and Enter into the focused field. A record is scanned once; a second scan is refused
 * (recordAlreadyScanned) and still offers to open the record. At reception the scan also receives
 * the record (a setting of the workstation, kept in the browser).
 */
export function ScannerPage({ locale }: { locale: WebLocale }) {
  const { t, i18n } = useTranslation('records');
  const { t: tTables } = useTranslation('tables');
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const scanning = useScanRecord();
  const form = useForm<z.input<typeof ScanRecordBody>, unknown, z.output<typeof ScanRecordBody>>({
    resolver: schemaResolver(ScanRecordBody),
    defaultValues: { record_number: '' },
  });
  const { ref: registerRef, ...numberField } = form.register('record_number');
  const [scanned, setScanned] = useState<RecordRow | null>(null);
  const [refused, setRefused] = useState<{ number: string; message: string; recordId?: string } | null>(null);
  // A workstation setting: the reception's scanner receives what it scans, a bench's does not.
  const [receive, setReceive] = useLocalStorage({ key: 'sil.scanner.receive', defaultValue: false });

  const scan = form.handleSubmit(({ record_number: number }) => {
    setRefused(null);
    scanning.mutate(
      { number, receive },
      {
        onSuccess: (record) => {
          setScanned(record);
          showToast('success', t(receive ? 'scanner.received' : 'scanner.scanned'), number);
        },
        onError: (error) => {
          setScanned(null);
          // A record scanned before (another tube of it): the refusal names it, so it still opens.
          const details =
            error instanceof ApiError ? (error.details as { record_id?: unknown } | undefined) : undefined;
          const recordId = typeof details?.record_id === 'string' ? details.record_id : undefined;
          if (error instanceof ApiError)
            setRefused({ number, message: errorMessage(error.code), ...(recordId ? { recordId } : {}) });
          notifyApiError(error);
        },
        onSettled: () => {
          form.reset();
          // Ready for the next tube without a click.
          input.current?.focus();
        },
      },
    );
  });

  return (
    <Stack maw={720}>
      <PageHeader title={t('scanner.title')} subtitle={t('scanner.hint')} />
      <form noValidate onSubmit={(event) => void scan(event)}>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            {...numberField}
            ref={(element) => {
              registerRef(element);
              input.current = element;
            }}
            style={{ flex: 1 }}
            size="md"
            autoFocus
            autoComplete="off"
            leftSection={<IconBarcode size={18} />}
            label={t('scanner.field')}
            placeholder={t('scanner.placeholder')}
            error={issueText(tTables, form.formState.errors.record_number?.message)}
            data-testid="scan-input"
          />
          <Button type="submit" size="md" loading={scanning.isPending} data-action="scan">
            {t('scanner.submit')}
          </Button>
        </Group>
      </form>
      <Switch
        checked={receive}
        onChange={(event) => setReceive(event.currentTarget.checked)}
        label={t('scanner.receive')}
        data-testid="scan-receives"
      />
      {refused ? (
        <Alert color="red" title={refused.message} data-testid="scan-refused">
          <Group justify="space-between">
            <Text size="sm">{refused.number}</Text>
            {refused.recordId ? (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconEye size={14} />}
                onClick={() =>
                  void navigate(hrefTo(locale, 'previewRecord', { recordId: refused.recordId ?? '' }))
                }
                data-action="open-scanned-record"
              >
                {t('scanner.open_scanned', { number: refused.number })}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      {scanned ? (
        <Card withBorder data-testid="scanned-record">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={600} size="lg">
                {scanned.record_number}
              </Text>
              <Text size="sm" c="dimmed">
                {t('scanner.at', {
                  when: formatDateTime(scanned.record_scanned_at, i18n.language),
                })}
              </Text>
            </div>
            <Group gap="xs">
              <RecordStatusBadge status={scanned.record_status} />
              <Button
                variant="light"
                leftSection={<IconEye size={16} />}
                onClick={() =>
                  void navigate(hrefTo(locale, 'previewRecord', { recordId: scanned.record_id }))
                }
                data-action="open-record"
              >
                {t('scanner.open')}
              </Button>
            </Group>
          </Group>
        </Card>
      ) : null}
    </Stack>
  );
}
