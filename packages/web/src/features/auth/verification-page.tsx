import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { hrefTo, type WebLocale } from '@sil/contract';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/notify';
import { useVerification } from './api';

/** spec.md §2 'Verification complete': confirms the link of an e-mail or SMS, then offers the dashboard. */
export function VerificationPage({
  locale,
  kind,
  token,
}: {
  locale: WebLocale;
  kind: 'email' | 'phone';
  token: string;
}) {
  const { t } = useTranslation();
  const verification = useVerification(kind, token);
  const failure = verification.error instanceof ApiError ? verification.error.code : 'unexpectedError';

  return (
    <CenteredCard>
      <Stack align="center" gap="md" ta="center">
        <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
          {t(kind === 'email' ? 'verification.heading_email' : 'verification.heading_phone')}
        </Text>
        {verification.isPending ? (
          <>
            <Loader />
            <Text>{t('verification.working')}</Text>
          </>
        ) : verification.isSuccess ? (
          <>
            <ThemeIcon size={56} radius="xl" color="green" variant="light">
              <IconCircleCheck size={34} />
            </ThemeIcon>
            <Title order={3}>{t('verification.done')}</Title>
            <Text c="dimmed">{t('verification.done_text')}</Text>
          </>
        ) : (
          <>
            <ThemeIcon size={56} radius="xl" color="red" variant="light">
              <IconCircleX size={34} />
            </ThemeIcon>
            <Title order={3}>{t('verification.failed')}</Title>
            <Text c="dimmed" data-error-code={failure}>
              {errorMessage(failure)}
            </Text>
          </>
        )}
        <Button component={Link} to={hrefTo(locale, 'dashboard')} fullWidth>
          {t('verification.return')}
        </Button>
      </Stack>
    </CenteredCard>
  );
}
