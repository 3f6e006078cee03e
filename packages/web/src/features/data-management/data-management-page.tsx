import { Button, Center, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { notifyApiError, showToast } from '../../lib/notify';
import { useDismissDuplicates, useDuplicates, useResolveDuplicates } from './api';
import { BackupsCard } from './backups-card';
import { DeleteRecordsCard } from './delete-records-card';
import { type Deletion, DuplicateGroup } from './duplicate-group';

/** data-management: resolve duplicate patients, merging their records and notes (spec.md §2). */
export function DataManagementPage() {
  const { t } = useTranslation('records');
  const groups = useDuplicates();
  const resolve = useResolveDuplicates();
  const [pending, setPending] = useState<{ deletions: Deletion[]; names: string[] } | null>(null);
  const dismiss = useDismissDuplicates();
  const [distinct, setDistinct] = useState<{ patientIds: string[]; names: string[] } | null>(null);

  const declareDistinct = () => {
    if (!distinct) return;
    dismiss.mutate(
      { patient_ids: distinct.patientIds },
      {
        onSuccess: () => {
          showToast('success', t('duplicates.dismissed'), t('duplicates.dismissed_text'));
          setDistinct(null);
        },
        onError: notifyApiError,
      },
    );
  };

  const merge = () => {
    if (!pending) return;
    resolve.mutate(
      { deletions: pending.deletions },
      {
        onSuccess: (answer) => {
          showToast(
            'success',
            t('duplicates.merged'),
            t('duplicates.merged_text', { deleted: answer.deleted, moved: answer.records_moved }),
          );
          setPending(null);
        },
        onError: notifyApiError,
      },
    );
  };

  return (
    <Stack>
      <PageHeader title={t('duplicates.title')} subtitle={t('duplicates.hint')} />
      {groups.isLoading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : null}
      {groups.data?.length === 0 ? <Text c="dimmed">{t('duplicates.none')}</Text> : null}
      {(groups.data ?? []).map((group) => (
        <DuplicateGroup
          key={group.key}
          patients={group.patients}
          declaredDistinct={group.declared_distinct}
          onMerge={(deletions, names) => setPending({ deletions, names })}
          onDismiss={(patientIds, names) => setDistinct({ patientIds, names })}
        />
      ))}
      <DeleteRecordsCard />
      <BackupsCard />
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('duplicates.confirm_title')}>
        <Text>{t('duplicates.confirm_text')}</Text>
        <List mt="sm">
          {(pending?.names ?? []).map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setPending(null)}>
            {t('common.close')}
          </Button>
          <Button color="orange" loading={resolve.isPending} onClick={merge} data-action="confirm-merge">
            {t('duplicates.merge')}
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={distinct !== null}
        onClose={() => setDistinct(null)}
        title={t('duplicates.dismiss_title')}
      >
        <Text>{t('duplicates.dismiss_text')}</Text>
        <List mt="sm">
          {(distinct?.names ?? []).map((name, index) => (
            <List.Item key={distinct?.patientIds[index] ?? name}>{name}</List.Item>
          ))}
        </List>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDistinct(null)}>
            {t('common.close')}
          </Button>
          <Button loading={dismiss.isPending} onClick={declareDistinct} data-action="confirm-not-duplicates">
            {t('duplicates.not_duplicates')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
