import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ExportChoices {
  selectedCount: number;
  onExport: (format: 'csv' | 'xlsx', selectedOnly: boolean) => void;
}

/** The export choices of a menu: the selected rows, or every row in the database, as CSV or XLSX. */
export function ExportItems({ selectedCount, onExport }: ExportChoices) {
  const { t } = useTranslation('tables');
  return (
    <>
      <Menu.Label>{t('export.selected', { count: selectedCount })}</Menu.Label>
      <Menu.Item
        disabled={selectedCount === 0}
        onClick={() => onExport('csv', true)}
        data-export="selected-csv"
      >
        CSV
      </Menu.Item>
      <Menu.Item
        disabled={selectedCount === 0}
        onClick={() => onExport('xlsx', true)}
        data-export="selected-xlsx"
      >
        XLSX
      </Menu.Item>
      <Menu.Divider />
      <Menu.Label>{t('export.all')}</Menu.Label>
      <Menu.Item onClick={() => onExport('csv', false)} data-export="all-csv">
        CSV
      </Menu.Item>
      <Menu.Item onClick={() => onExport('xlsx', false)} data-export="all-xlsx">
        XLSX
      </Menu.Item>
    </>
  );
}

/** Export of the selected rows, or of every row in the database, as CSV or XLSX. */
export function ExportMenu({ busy, ...choices }: ExportChoices & { busy: boolean }) {
  const { t } = useTranslation('tables');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={busy}
          data-action="export"
        >
          {t('actions.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ExportItems {...choices} />
      </Menu.Dropdown>
    </Menu>
  );
}
