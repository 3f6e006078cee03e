import { Button, Menu } from '@mantine/core';
import { EXCHANGE_FORMATS, type ExchangeFormat } from '@sil/contract';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify';
import { useExportResults } from './api';

/**
 * Export of a validated record's results (issue 16): a menu of the four exchange formats, each
 * downloaded as the file the server builds (HPRIM Santé, HL7 v2.5, FHIR R4, CDA R2 CR-BIO).
 */
export function ExchangeMenu({ recordId }: { recordId: string }) {
  const { t } = useTranslation('records');
  const exporting = useExportResults(recordId);
  const download = (format: ExchangeFormat) =>
    exporting.mutate(format, {
      onSuccess: (file) => showToast('success', t('exchange.downloaded', { file })),
    });

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconFileExport size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={exporting.isPending}
          data-action="export-results"
        >
          {t('exchange.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXCHANGE_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => download(format)} data-format={format}>
            {t(`exchange.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
