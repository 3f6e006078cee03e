import { Accordion, Button, FileButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportNabms } from './api';

/**
 * 'Import' of the NABM table: the national nomenclature as CSV (IR_BIO_R layout) or FHIR
 * CodeSystem JSON; the report says what was added, changed and retired.
 */
export function NabmImportButton() {
  const { t } = useTranslation('tables');
  const upload = useImportNabms();
  const report = upload.data;
  // Cleared after each pick: choosing the same file again (a second import, a retry after a
  // refused file) must start another import, and an unchanged input would not say so.
  const resetRef = useRef<() => void>(null);
  return (
    <>
      <FileButton
        accept=".csv,.json,text/csv,application/json"
        resetRef={resetRef}
        onChange={(file) => {
          resetRef.current?.();
          if (file) upload.mutate(file);
        }}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconUpload size={16} />}
            loading={upload.isPending}
            data-action="import"
          >
            {t('import.action')}
          </Button>
        )}
      </FileButton>
      <Modal
        opened={report !== undefined}
        onClose={() => upload.reset()}
        title={t('import.report')}
        size="lg"
      >
        {report ? (
          <Stack>
            <Text size="sm">{t('import.total', { count: report.total })}</Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {(['added', 'changed', 'retired'] as const).map((kind) => (
                <Stack key={kind} gap={0} align="center">
                  <Text fz="xl" fw={700} data-import-count={kind}>
                    {report[kind].length}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`import.${kind}`)}
                  </Text>
                </Stack>
              ))}
              <Stack gap={0} align="center">
                <Text fz="xl" fw={700} data-import-count="unchanged">
                  {report.unchanged}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('import.unchanged')}
                </Text>
              </Stack>
            </SimpleGrid>
            <Accordion variant="contained">
              {(['added', 'changed', 'retired'] as const)
                .filter((kind) => report[kind].length > 0)
                .map((kind) => (
                  <Accordion.Item key={kind} value={kind}>
                    <Accordion.Control>
                      {t(`import.${kind}`)} ({report[kind].length})
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {report[kind].join(' ')}
                      </Text>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
            </Accordion>
            <Group justify="flex-end">
              <Button onClick={() => upload.reset()}>{t('actions.close')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
