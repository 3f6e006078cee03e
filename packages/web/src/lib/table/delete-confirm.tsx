import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before deleting: names the rows, says that all of them or none will be deleted. */
export function DeleteConfirm({
  labels,
  opened,
  busy,
  onCancel,
  onConfirm,
}: {
  labels: string[];
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('tables');
  return (
    <Modal opened={opened} onClose={onCancel} title={t('delete.title', { count: labels.length })} centered>
      <Text size="sm" mb="sm">
        {t('delete.text', { count: labels.length })}
      </Text>
      <List size="sm" mb="lg" spacing={2}>
        {labels.slice(0, 10).map((label, index) => (
          // Labels may repeat (two acts with one wording); their order is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt on each opening
          <List.Item key={index}>{label}</List.Item>
        ))}
        {labels.length > 10 ? <List.Item>{t('delete.more', { count: labels.length - 10 })}</List.Item> : null}
      </List>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-testid="confirm-delete">
          {t('actions.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
