import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentError, printBarcode, printBarcodeExternal, printPassword } from '../../lib/agent/agent-client';
import { call } from '../../lib/api-client';
import { notifyApiError, showToast } from '../../lib/notify';
import { useDownloadLabels } from './api';

export type PrintJob = 'labels' | 'external' | 'password';

/**
 * Label printing through the workstation agent. When the desk has no agent running, the labels
 * and the password label are offered as PDFs from the report service instead (`fallback`).
 */
export function usePrint(recordId: string) {
  const { t } = useTranslation('records');
  const [fallback, setFallback] = useState<PrintJob | null>(null);
  const labelsPdf = useDownloadLabels(recordId);
  // The agent prints on the desk: nothing changes on the server, so no list is read again.
  const printing = useMutation({
    mutationFn: async (job: PrintJob) => {
      const data = await call('getLabelData', { query: { record_id: recordId } });
      const identity = { name: data.name, dob: data.dob, barcode: data.barcode };
      return job === 'labels'
        ? printBarcode({ ...identity, samples: data.samples, amount: data.amount })
        : job === 'external'
          ? printBarcodeExternal(identity)
          : printPassword(data.barcode, data.password);
    },
    meta: { quiet: true },
    onMutate: () => setFallback(null),
    onSuccess: (answer) => showToast('success', t('toast.printSuccess'), answer.file ?? answer.printer),
    onError: (error, job) => {
      if (!(error instanceof AgentError)) return notifyApiError(error);
      showToast('error', t('actions.agent'), t(`agent.${error.code}`, { defaultValue: t('agent.failed') }));
      if (error.code === 'agentUnreachable' && job !== 'external') setFallback(job);
    },
  });

  /** The PDF of the labels the agent could not print. */
  const download = (job: PrintJob) =>
    labelsPdf.mutate(job === 'password' ? 'password' : 'barcodes', {
      onSuccess: (saved) => {
        if (saved) showToast('success', t('toast.downloadSuccess'));
        else showToast('info', t('toast.nothingToDownload'));
        setFallback(null);
      },
    });

  return {
    print: (job: PrintJob) => printing.mutate(job),
    busy: printing.isPending ? printing.variables : null,
    fallback,
    download,
    dismiss: () => setFallback(null),
  };
}
