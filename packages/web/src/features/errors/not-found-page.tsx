import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { hrefTo, type WebLocale } from '@sil/contract';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredCard } from '../../components/centered-card';

/** spec.md §2 'Error / not-found page'. */
export function NotFoundPage({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation();
  return (
    <CenteredCard>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconMapPinOff size={32} />
        </ThemeIcon>
        <Title order={3}>{t('not_found.heading')}</Title>
        <Text c="dimmed">{t('not_found.text')}</Text>
        <Button component={Link} to={hrefTo(locale, 'dashboard')} fullWidth>
          {t('not_found.return')}
        </Button>
      </Stack>
    </CenteredCard>
  );
}
