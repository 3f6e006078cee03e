import { Button, Menu } from '@mantine/core';
import { EXCHANGE_FORMATS, type ExchangeFormat } from '@sil/contract';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { notifyApiError, showToast } from '../../lib/notify';
import { saveFile } from '../../lib/save-file';

/**
 * Export of a validated record's results (issue 16): a menu of the four exchange formats, each
 * downloaded as the file the server builds (HPRIM Santé, HL7 v2.5, FHIR R4, CDA R2 CR-BIO).
 */
export function ExchangeMenu({ recordId }: { recordId: string }) {
  const { t } = useTranslation('records');
  const [busy, setBusy] = useState(false);

  const download = async (format: ExchangeFormat) => {
    setBusy(true);
    try {
      const file = await call('exportRecordResults', { query: { record_id: recordId, format } });
      saveFile({ blob: new Blob([file.content], { type: file.content_type }), fileName: file.filename });
      showToast('success', t('exchange.downloaded', { file: file.filename }));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconFileExport size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
          data-action="export-results"
        >
          {t('exchange.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXCHANGE_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => void download(format)} data-format={format}>
            {t(`exchange.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
