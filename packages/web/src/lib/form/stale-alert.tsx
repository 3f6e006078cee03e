import { Alert, Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** staleUpdate: someone saved this row after it was opened; reloading shows their version. */
export function StaleAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation('tables');
  return (
    <Alert color="yellow" title={t('stale.title')} mb="md" data-testid="stale-alert">
      {t('stale.text')}
      <Button
        mt="sm"
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        onClick={onReload}
        display="block"
      >
        {t('stale.reload')}
      </Button>
    </Alert>
  );
}
