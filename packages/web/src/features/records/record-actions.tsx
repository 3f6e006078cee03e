import { Alert, Button, Group } from '@mantine/core';
import { hrefTo, isFrozenRecord, RECORD_STATUS, type WebLocale } from '@sil/contract';
import {
  IconBarcode,
  IconCash,
  IconDownload,
  IconEdit,
  IconFileInvoice,
  IconFileText,
  IconHistory,
  IconInbox,
  IconKey,
  IconReplace,
  IconTag,
  IconUpload,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyApiError, showToast } from '../../lib/notify';
import { type RecordDocument, useDownloadRecordDocument, useReceiveRecord } from './api';
import { BillingModal } from './billing/billing-modal';
import { CancelModal } from './cancel-modal';
import { ExchangeMenu } from './exchange-menu';
import { TraceModal } from './trace-modal';
import { usePrint } from './use-print';
import { ValidationButtons } from './validation-buttons';

/** What a desk is told when the report service has no such document for the record. */
const NOTHING_TO_DOWNLOAD: Record<RecordDocument, string> = {
  getExternalRequestForm: 'toast.nothingToDownload',
  getPrescription: 'toast.noPrescription',
  cerfa: 'billing.no_cerfa',
};

/** Record actions of spec.md §2: labels, documents, receive, cancel-and-replace, trace, uploads. */
export function RecordActions({
  locale,
  recordId,
  patientId,
  stamp,
  cancelled = false,
  status,
  received = false,
  sampleStatuses = [],
}: {
  locale: WebLocale;
  recordId: string;
  patientId: string | null;
  /** record_last_updated as read; absent right after creation (the record screen has it). */
  stamp?: string | null;
  cancelled?: boolean;
  /** The record's status, when known: a frozen record is offered no change. */
  status?: number;
  received?: boolean;
  /** The samples' statuses: they tell whether validation or invalidation is offered. */
  sampleStatuses?: readonly number[];
}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const receiving = useReceiveRecord();
  const printing = usePrint(recordId);
  const [tracing, setTracing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [billing, setBilling] = useState(false);
  const downloading = useDownloadRecordDocument(recordId);
  const loadingDocument = (name: RecordDocument) => downloading.isPending && downloading.variables === name;

  const download = (name: RecordDocument) =>
    downloading.mutate(name, {
      onSuccess: (saved) =>
        saved
          ? showToast('success', t('toast.downloadSuccess'))
          : showToast('info', t(NOTHING_TO_DOWNLOAD[name])),
    });

  const receive = () =>
    receiving.mutate(recordId, {
      onSuccess: () => showToast('success', t('toast.recordReceived')),
      onError: notifyApiError,
    });

  const go = (href: string) => void navigate(href);
  // A cancelled or sent record is frozen (spec.md §4): it is only read, printed and traced.
  const frozen =
    status !== undefined && isFrozenRecord({ record_annulr_flag: cancelled, record_status: status });
  // Receiving registers a pre-registered record (the step 'receive' owns); once received, it is done.
  const canReceive = !frozen && !received;
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="record-actions">
        {status !== undefined ? (
          <ValidationButtons
            locale={locale}
            recordId={recordId}
            status={status}
            cancelled={cancelled}
            sampleStatuses={sampleStatuses}
          />
        ) : null}
        <Button
          leftSection={<IconBarcode size={16} />}
          loading={printing.busy === 'labels'}
          onClick={() => printing.print('labels')}
          data-action="print-labels"
        >
          {t('actions.print_labels')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconTag size={16} />}
          loading={printing.busy === 'external'}
          onClick={() => printing.print('external')}
          data-action="print-external"
        >
          {t('actions.print_external')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconKey size={16} />}
          loading={printing.busy === 'password'}
          onClick={() => printing.print('password')}
          data-action="print-password"
        >
          {t('actions.print_password')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileText size={16} />}
          loading={loadingDocument('getExternalRequestForm')}
          onClick={() => download('getExternalRequestForm')}
          data-action="request-form"
        >
          {t('actions.request_form')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileText size={16} />}
          loading={loadingDocument('getPrescription')}
          onClick={() => download('getPrescription')}
          data-action="prescription"
        >
          {t('actions.prescription')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileInvoice size={16} />}
          loading={loadingDocument('cerfa')}
          onClick={() => download('cerfa')}
          data-action="cerfa"
        >
          {t('actions.cerfa')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconCash size={16} />}
          onClick={() => setBilling(true)}
          data-action="billing-details"
        >
          {t('actions.billing_details')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconUpload size={16} />}
          onClick={() => go(hrefTo(locale, 'uploads', { upload_record_id: recordId }))}
        >
          {t('actions.upload')}
        </Button>
        {canReceive ? (
          <Button
            variant="default"
            leftSection={<IconInbox size={16} />}
            loading={receiving.isPending}
            onClick={receive}
            data-action="receive"
          >
            {t('actions.receive')}
          </Button>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconHistory size={16} />}
          onClick={() => setTracing(true)}
          data-action="trace"
        >
          {t('actions.trace')}
        </Button>
        {/* Validated results leave in the exchange formats (issue 16). */}
        {status !== undefined && status >= RECORD_STATUS.pendingSubmission && !cancelled ? (
          <ExchangeMenu recordId={recordId} />
        ) : null}
        {patientId ? (
          <>
            {frozen ? null : (
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => go(hrefTo(locale, 'formRecords', { patientId, recordId }))}
                data-action="edit"
              >
                {t('actions.edit')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconUser size={16} />}
              onClick={() => go(hrefTo(locale, 'patient', { patientId }))}
            >
              {t('actions.patient_history')}
            </Button>
          </>
        ) : null}
        {stamp && !frozen && !cancelled ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconReplace size={16} />}
            onClick={() => setCancelling(true)}
            data-action="cancel-record"
          >
            {t('actions.cancel_replace')}
          </Button>
        ) : null}
      </Group>
      {printing.fallback ? (
        <Alert color="orange" mt="sm" withCloseButton onClose={printing.dismiss} data-testid="print-fallback">
          <Group justify="space-between" wrap="wrap">
            {t('agent.fallback')}
            <Button
              size="xs"
              leftSection={<IconDownload size={14} />}
              onClick={() => printing.fallback && printing.download(printing.fallback)}
              data-action="download-labels"
            >
              {t('agent.download_pdf')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {tracing ? <TraceModal recordId={recordId} onClose={() => setTracing(false)} /> : null}
      {billing ? <BillingModal recordId={recordId} onClose={() => setBilling(false)} /> : null}
      {cancelling && stamp ? (
        <CancelModal
          recordId={recordId}
          stamp={stamp}
          onClose={() => setCancelling(false)}
          onReplaced={(replacementId) => {
            setCancelling(false);
            go(hrefTo(locale, 'previewRecord', { recordId: replacementId ?? recordId }));
          }}
        />
      ) : null}
    </>
  );
}
