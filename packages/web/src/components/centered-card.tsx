import { Anchor, Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFlask2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './centered-card.module.css';

/** Frame of the public screens (login, reset, verification, error): brand, card, vendor footer. */
export function CenteredCard({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box className={classes.page}>
      <Center className={classes.center}>
        <Stack gap="lg" w="100%" maw={440}>
          <Group gap="sm" justify="center">
            <ThemeIcon
              size={44}
              radius="md"
              variant="gradient"
              gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
            >
              <IconFlask2 size={26} />
            </ThemeIcon>
            <div>
              <Title order={2} fz={26} lh={1.1}>
                {t('app.name')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('app.tagline')}
              </Text>
            </div>
          </Group>
          <Paper withBorder shadow="md" radius="lg" p="xl" className={classes.card}>
            {children}
          </Paper>
          {aside}
        </Stack>
      </Center>
      <Text component="footer" size="xs" c="dimmed" ta="center" py="md" className={classes.footer}>
        <Anchor href="/" c="dimmed" underline="never" size="xs">
          {t('app.vendor')}
        </Anchor>
      </Text>
    </Box>
  );
}
