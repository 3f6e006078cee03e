import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown instead of a blank page when a screen fails to render; the details go to the console. */
export function CrashPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={440}>
        <Stack align="center" ta="center">
          <Title order={3}>{t('title.error')}</Title>
          <Text c="dimmed">{t('errors.fallback')}</Text>
          <Button onClick={() => window.location.reload()}>{t('crash.reload')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
