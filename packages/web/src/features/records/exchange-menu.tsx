import { Button, Menu } from '@mantine/core';
import { EXCHANGE_FORMATS, type ExchangeFormat } from '@sil/contract';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify';
import { useDownloadXdm, useExportResults } from './api';

/**
 * Export of a validated record's results (issue 16): a menu of the four exchange formats, each
 * downloaded as the file the server builds (HPRIM Santé, HL7 v2.5, FHIR R4, CDA R2 CR-BIO), and
 * the CR-BIO's secure-messaging package (IHE XDM zip, issue 42).
 */
export function ExchangeMenu({ recordId }: { recordId: string }) {
  const { t } = useTranslation('records');
  const exporting = useExportResults(recordId);
  const packaging = useDownloadXdm(recordId);
  const downloaded = (file: string) => showToast('success', t('exchange.downloaded', { file }));
  const download = (format: ExchangeFormat) => exporting.mutate(format, { onSuccess: downloaded });

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconFileExport size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={exporting.isPending || packaging.isPending}
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
        <Menu.Divider />
        <Menu.Item onClick={() => packaging.mutate(undefined, { onSuccess: downloaded })} data-format="xdm">
          {t('exchange.xdm')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
