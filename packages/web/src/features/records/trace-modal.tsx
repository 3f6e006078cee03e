import { Center, Divider, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordTrace } from './api';
import { TraceEntryLine } from './trace-entry';
import { newestFirst } from './trace-sentence';

/** The record's trace (get-record-trace): every change to it, its samples and its patient, newest first. */
export function TraceModal({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const { t } = useTranslation('records');
  const phone = useMediaQuery('(max-width: 575.98px)');
  const trace = useRecordTrace(recordId);
  const entries = newestFirst(trace.data ?? []);
  return (
    <Modal opened onClose={onClose} size="xl" fullScreen={phone} title={t('trace.title')} data-testid="trace">
      {trace.isLoading ? (
        <Center py="lg">
          <Loader />
        </Center>
      ) : entries.length === 0 ? (
        <Text c="dimmed">{t('trace.empty')}</Text>
      ) : (
        <Stack gap="xs">
          {entries.map((entry, index) => (
            <Fragment key={entry.modification_id}>
              {index > 0 ? <Divider /> : null}
              <TraceEntryLine entry={entry} />
            </Fragment>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
