import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentError, printBarcode, printBarcodeExternal, printPassword } from '../../lib/agent/agent-client';
import { call } from '../../lib/api-client';
import { notifyApiError, showToast } from '../../lib/notify';
import { downloadDocument } from './documents';

export type PrintJob = 'labels' | 'external' | 'password';

/**
 * Label printing through the workstation agent. When the desk has no agent running, the labels
 * and the password label are offered as PDFs from the report service instead (`fallback`).
 */
export function usePrint(recordId: string) {
  const { t } = useTranslation('records');
  const [busy, setBusy] = useState<PrintJob | null>(null);
  const [fallback, setFallback] = useState<PrintJob | null>(null);

  const print = async (job: PrintJob) => {
    setBusy(job);
    setFallback(null);
    try {
      const data = await call('getLabelData', { query: { record_id: recordId } });
      const identity = { name: data.name, dob: data.dob, barcode: data.barcode };
      const answer =
        job === 'labels'
          ? await printBarcode({ ...identity, samples: data.samples, amount: data.amount })
          : job === 'external'
            ? await printBarcodeExternal(identity)
            : await printPassword(data.barcode, data.password);
      showToast('success', t('toast.printSuccess'), answer.file ?? answer.printer);
    } catch (error) {
      if (error instanceof AgentError) {
        showToast('error', t('actions.agent'), t(`agent.${error.code}`, { defaultValue: t('agent.failed') }));
        if (error.code === 'agentUnreachable' && job !== 'external') setFallback(job);
      } else notifyApiError(error);
    } finally {
      setBusy(null);
    }
  };

  /** The PDF of the labels the agent could not print. */
  const download = async (job: PrintJob) => {
    try {
      const answer = await call(job === 'password' ? 'getPasswordLabel' : 'getBarcodeLabels', {
        query: { record_id: recordId },
      });
      if (downloadDocument(answer)) showToast('success', t('toast.downloadSuccess'));
      else showToast('info', t('toast.nothingToDownload'));
      setFallback(null);
    } catch (error) {
      notifyApiError(error);
    }
  };
  return { print, busy, fallback, download, dismiss: () => setFallback(null) };
}
