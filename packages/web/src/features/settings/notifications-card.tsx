import { Alert, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify';
import { usePreferences } from '../../lib/use-session';
import { useAccountStatus, usePushSubscribe, useSavePreferences, useSendTestPush } from './api';

const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;

/** Notifications (spec.md §2 'Settings'): None or Push (Web Push with the server's VAPID key), and a test. */
export function NotificationsCard() {
  const { t } = useTranslation('settings');
  const preferences = usePreferences();
  const save = useSavePreferences();
  const status = useAccountStatus();
  const subscribe = usePushSubscribe();
  const test = useSendTestPush((sent) =>
    showToast('success', t('notifications.heading'), t('notifications.test_sent', { count: sent })),
  );
  const configured = status.data?.push_configured ?? false;
  const supported = pushSupported();
  const denied = supported && typeof Notification !== 'undefined' && Notification.permission === 'denied';

  // Push is saved once the browser is subscribed; a refusal on the way is told by the mutation's toast.
  const choose = (value: string) => {
    if (value === 'push')
      subscribe.mutate(undefined, { onSuccess: () => save.mutate({ notifications: 'push' }) });
    else save.mutate({ notifications: 'none' });
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={640} mt="lg" data-card="notifications">
      <Title order={2} fz="h4" mb="md">
        {t('notifications.heading')}
      </Title>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{t('notifications.frequency')}</Text>
          <SegmentedControl
            size="xs"
            aria-label={t('notifications.frequency')}
            value={preferences.notifications}
            disabled={subscribe.isPending || save.isPending}
            data={[
              { value: 'none', label: t('notifications.none') },
              {
                value: 'push',
                label: t('notifications.push'),
                disabled: !configured || !supported || denied,
              },
            ]}
            onChange={choose}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('notifications.push_hint')}
        </Text>
        {!supported ? <Alert color="gray">{t('notifications.unsupported')}</Alert> : null}
        {status.data && !configured ? <Alert color="gray">{t('notifications.not_configured')}</Alert> : null}
        {denied ? <Alert color="yellow">{t('notifications.denied')}</Alert> : null}
        {preferences.notifications === 'push' && configured ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {t('notifications.subscribed', { count: status.data?.push_subscriptions ?? 0 })}
            </Text>
            <Button size="xs" variant="light" loading={test.isPending} onClick={() => test.mutate()}>
              {t('notifications.test')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
