import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentError, printBarcode, printBarcodeExternal, printPassword } from '../../lib/agent/agent-client';
import { call } from '../../lib/api-client';
import { notifyApiError, showToast } from '../../lib/notify';
import { useDownloadExternalLabel, useDownloadLabels } from './api';

export type PrintJob = 'labels' | 'external' | 'password';

/**
 * Label printing through the workstation agent. When the desk has no agent running, the same labels
 * come at once as a PDF from the report service, with one message that says why; `fallback` offers
 * the PDF again only when that download failed too.
 */
export function usePrint(recordId: string) {
  const { t } = useTranslation('records');
  const [fallback, setFallback] = useState<PrintJob | null>(null);
  const labelsPdf = useDownloadLabels(recordId);
  const externalPdf = useDownloadExternalLabel(recordId);
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
      if (error.code === 'agentUnreachable') return download(job, true);
      showToast('error', t('actions.agent'), t(`agent.${error.code}`, { defaultValue: t('agent.failed') }));
    },
  });

  /**
   * The PDF of the labels the agent could not print. `unreachable`: the agent did not answer, which
   * the one message names along with the PDF (or the failed download, then offered again).
   */
  const download = (job: PrintJob, unreachable = false) => {
    const title = unreachable ? t('agent.agentUnreachable') : t('toast.downloadSuccess');
    const handlers = {
      onSuccess: (saved: boolean) => {
        setFallback(null);
        if (!saved) showToast('info', t('toast.nothingToDownload'));
        else
          showToast(
            unreachable ? 'warning' : 'success',
            title,
            unreachable ? t('agent.pdf_instead') : undefined,
          );
      },
      onError: (error: unknown) => {
        setFallback(job);
        if (unreachable) showToast('error', title, t('agent.pdf_failed'));
        else notifyApiError(error);
      },
    };
    if (job === 'external') externalPdf.mutate(undefined, handlers);
    else labelsPdf.mutate(job === 'password' ? 'password' : 'barcodes', handlers);
  };

  return {
    print: (job: PrintJob) => printing.mutate(job),
    busy: printing.isPending ? printing.variables : null,
    fallback,
    download,
    dismiss: () => setFallback(null),
  };
}
