import { Button } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../lib/notify';

/**
 * A button that copies a value to the clipboard and says so with the copySuccess toast (spec.md §8
 * 'Toasts') once the browser has taken it; a browser that refuses (no clipboard outside HTTPS)
 * says so in an error toast.
 */
export function CopyValueButton({
  value,
  children,
  copiedLabel,
}: {
  value: string;
  children: ReactNode;
  /** What the button reads for a moment after the copy. */
  copiedLabel: ReactNode;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const settle = useTimeout(() => setCopied(false), 2000);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
    } catch {
      showToast('error', t('toast.copyFailed'));
      return;
    }
    setCopied(true);
    settle.start();
    showToast('success', t('toast.copySuccess'));
  };
  return (
    <Button variant="default" onClick={() => void copy()} data-action="copy">
      {copied ? copiedLabel : children}
    </Button>
  );
}
