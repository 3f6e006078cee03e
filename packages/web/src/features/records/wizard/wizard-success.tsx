import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { hrefTo, type WebLocale } from '@sil/contract';
import { IconCircleCheck, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecordActions } from '../record-actions';

/** After creation: the record number and the online password, then what to do with the record. */
export function WizardSuccess({
  locale,
  recordId,
  number,
  password,
}: {
  locale: WebLocale;
  recordId: string;
  number: string;
  password: string;
}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  return (
    <Stack data-testid="record-created">
      <Alert color="green" icon={<IconCircleCheck size={20} />} title={t('wizard.created')}>
        <Group gap="xl" wrap="wrap">
          <Text>
            {t('record.number')} <b data-testid="record-number">{number}</b>
          </Text>
          <Text>
            {t('record.password')} <b data-testid="record-password">{password}</b>
          </Text>
        </Group>
      </Alert>
      <Card withBorder>
        <RecordActions locale={locale} recordId={recordId} patientId={null} />
      </Card>
      <Group>
        <Button
          variant="light"
          leftSection={<IconEye size={16} />}
          onClick={() => void navigate(hrefTo(locale, 'previewRecord', { recordId }))}
          data-action="open-record"
        >
          {t('wizard.open_record')}
        </Button>
        <Button variant="default" onClick={() => window.location.reload()}>
          {t('wizard.another')}
        </Button>
      </Group>
    </Stack>
  );
}
