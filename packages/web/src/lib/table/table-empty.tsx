import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * What a table shows without rows: while loading, a loader; when a search or filter hides every
 * row, says so; an empty table invites the user to add its first row when they may add.
 */
export function TableEmpty({
  loading,
  narrowed,
  onAdd,
}: {
  loading: boolean;
  /** A search, filter or date bound is set. */
  narrowed: boolean;
  onAdd: (() => void) | undefined;
}) {
  const { t } = useTranslation('tables');
  if (loading) {
    return (
      <Stack align="center" py="md">
        <Loader size="sm" />
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="sm" py="md" data-testid="table-empty">
      <Text c="dimmed" size="sm" ta="center">
        {narrowed ? t('empty') : t('empty_table')}
      </Text>
      {!narrowed && onAdd ? (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd} data-action="add-first">
          {t('actions.add_first')}
        </Button>
      ) : null}
    </Stack>
  );
}
