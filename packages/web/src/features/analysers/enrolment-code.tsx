import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import type { AgentEnrolment } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../components/copy-value-button';
import { formatDateTime } from '../../lib/format/dates';

/** The one-time enrolment code, shown once: the server keeps only its hash. */
export function EnrolmentCode({ enrolment, onDone }: { enrolment: AgentEnrolment; onDone: () => void }) {
  const { t, i18n } = useTranslation('analysers');
  return (
    <Stack gap="md">
      <Text size="sm">{t('enrolment.for', { name: enrolment.agent_name })}</Text>
      <Group justify="center">
        <Code fz="xl" fw={700} p="md" data-enrolment-code>
          {enrolment.enrolment_code}
        </Code>
      </Group>
      <Alert color="yellow" variant="light">
        {t('enrolment.once', { when: formatDateTime(enrolment.enrolment_expires_at, i18n.language) })}
      </Alert>
      <div>
        <Text size="sm" fw={600}>
          {t('enrolment.how')}
        </Text>
        <List size="sm" type="ordered" spacing={4} mt={4}>
          <List.Item>{t('enrolment.step_open')}</List.Item>
          <List.Item>{t('enrolment.step_code', { url: window.location.origin })}</List.Item>
          <List.Item>{t('enrolment.step_done')}</List.Item>
        </List>
      </div>
      <Group justify="flex-end">
        <CopyValueButton value={enrolment.enrolment_code} copiedLabel={t('enrolment.copied')}>
          {t('enrolment.copy')}
        </CopyValueButton>
        <Button onClick={onDone}>{t('enrolment.done')}</Button>
      </Group>
    </Stack>
  );
}
