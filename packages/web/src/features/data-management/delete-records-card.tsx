import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordStatusBadge } from '../../components/record-status-badge';
import { formatDate } from '../../lib/format/dates';
import { notifyApiError, showToast } from '../../lib/notify';
import { useTableRights } from '../../lib/table/rights';
import { useDeleteRecords, useRecordSearch } from './api';

/**
 * 'Delete folders' (spec.md §2): records registered by mistake, found by number or patient, deleted
 * with their samples after a confirmation that names them. The server keeps what must stay (results
 * validated, documents, replacement links) and says which record and why.
 */
export function DeleteRecordsCard() {
  const { t, i18n } = useTranslation('records');
  const { remove } = useTableRights('admin_records');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const found = useRecordSearch(term);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteRecords();
  if (!remove) return null;

  const toggle = (id: string, number: string) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, number);
      return next;
    });
  const confirm = () =>
    deletion.mutate(
      { record_ids: [...chosen.keys()] },
      {
        onSuccess: (answer) => {
          showToast('success', t('delete_records.deleted', { count: answer.deleted }));
          setChosen(new Map());
          setConfirming(false);
        },
        onError: (error) => {
          setConfirming(false);
          notifyApiError(error);
        },
      },
    );

  const rows = found.data?.data ?? [];
  return (
    <Card withBorder data-testid="delete-records">
      <Stack gap="sm">
        <Title order={3}>{t('delete_records.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('delete_records.hint')}
        </Text>
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('uploads.record_placeholder')}
          aria-label={t('delete_records.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="delete-records-search"
        />
        {term !== '' && rows.length === 0 && !found.isFetching ? (
          <Text size="sm" c="dimmed">
            {t('uploads.no_record')}
          </Text>
        ) : null}
        {rows.length > 0 ? (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4}>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.record_id}>
                    <Table.Td w={32}>
                      <Checkbox
                        aria-label={row.record_number}
                        checked={chosen.has(row.record_id)}
                        onChange={() => toggle(row.record_id, row.record_number)}
                      />
                    </Table.Td>
                    <Table.Td ff="monospace">{row.record_number}</Table.Td>
                    <Table.Td>
                      {row.patient_surname} {row.patient_name} · {formatDate(row.patient_dob, i18n.language)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <RecordStatusBadge status={row.record_status} />
                        {row.record_annulr_flag ? <Badge color="red">{t('flags.cancelled')}</Badge> : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <Group justify="flex-end">
          <Button
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={chosen.size === 0}
            onClick={() => setConfirming(true)}
            data-action="delete-records"
          >
            {t('delete_records.delete', { count: chosen.size })}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('delete_records.confirm_title')}
      >
        <Text>{t('delete_records.confirm_text')}</Text>
        <List mt="sm">
          {[...chosen.values()].map((number) => (
            <List.Item key={number}>{number}</List.Item>
          ))}
        </List>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.close')}
          </Button>
          <Button
            color="red"
            loading={deletion.isPending}
            onClick={confirm}
            data-action="confirm-delete-records"
          >
            {t('delete_records.confirm')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
