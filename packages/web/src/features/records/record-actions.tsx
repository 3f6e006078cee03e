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
import { call } from '../../lib/api-client';
import { notifyApiError, showToast } from '../../lib/notify';
import { useReceiveRecord } from './api';
import { billingDocument } from './billing/api';
import { BillingModal } from './billing/billing-modal';
import { CancelModal } from './cancel-modal';
import { downloadDocument } from './documents';
import { ExchangeMenu } from './exchange-menu';
import { TraceModal } from './trace-modal';
import { usePrint } from './use-print';

type Download = 'getExternalRequestForm' | 'getPrescription' | 'cerfa';

/** Record actions of spec.md §2: labels, documents, receive, cancel-and-replace, trace, uploads. */
export function RecordActions({
  locale,
  recordId,
  patientId,
  stamp,
  cancelled = false,
  status,
  received = false,
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
}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const receiving = useReceiveRecord();
  const printing = usePrint(recordId);
  const [tracing, setTracing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [billing, setBilling] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (name: Download) => {
    setBusy(name);
    try {
      const answer =
        name === 'cerfa'
          ? await billingDocument('cerfa', recordId)
          : await call(name, { query: { record_id: recordId } });
      if (downloadDocument(answer)) showToast('success', t('toast.downloadSuccess'));
      else
        showToast(
          'info',
          t(
            name === 'getPrescription'
              ? 'toast.noPrescription'
              : name === 'cerfa'
                ? 'billing.no_cerfa'
                : 'toast.nothingToDownload',
          ),
        );
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const receive = async () => {
    setBusy('receive');
    try {
      await receiving.mutateAsync(recordId);
      showToast('success', t('toast.recordReceived'));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const go = (href: string) => void navigate(href);
  // A cancelled or sent record is frozen (spec.md §4): it is only read, printed and traced.
  const frozen =
    status !== undefined && isFrozenRecord({ record_annulr_flag: cancelled, record_status: status });
  // Receiving registers a pre-registered record (the step 'receive' owns); once received, it is done.
  const canReceive = !frozen && !received;
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="record-actions">
        <Button
          leftSection={<IconBarcode size={16} />}
          loading={printing.busy === 'labels'}
          onClick={() => void printing.print('labels')}
          data-action="print-labels"
        >
          {t('actions.print_labels')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconTag size={16} />}
          loading={printing.busy === 'external'}
          onClick={() => void printing.print('external')}
          data-action="print-external"
        >
          {t('actions.print_external')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconKey size={16} />}
          loading={printing.busy === 'password'}
          onClick={() => void printing.print('password')}
          data-action="print-password"
        >
          {t('actions.print_password')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileText size={16} />}
          loading={busy === 'getExternalRequestForm'}
          onClick={() => void download('getExternalRequestForm')}
          data-action="request-form"
        >
          {t('actions.request_form')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileText size={16} />}
          loading={busy === 'getPrescription'}
          onClick={() => void download('getPrescription')}
          data-action="prescription"
        >
          {t('actions.prescription')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileInvoice size={16} />}
          loading={busy === 'cerfa'}
          onClick={() => void download('cerfa')}
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
            loading={busy === 'receive'}
            onClick={() => void receive()}
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
              onClick={() => printing.fallback && void printing.download(printing.fallback)}
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
