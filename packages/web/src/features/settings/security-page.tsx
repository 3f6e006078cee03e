import { Alert, Badge, Button, Card, Group, Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { WebLocale } from '@sil/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { logout } from '../../lib/auth-actions';
import { formatDateTime } from '../../lib/format/dates';
import { errorMessage, showToast } from '../../lib/notify';
import {
  useAccountStatus,
  useLinkPsc,
  useLogoutEverywhere,
  useOwnSessions,
  useStartPscLink,
  useUnlinkPsc,
  useUpdateOtp,
  useUserData,
} from './api';
import { PasswordCard } from './password-card';

/** SMS code at login (spec.md §5): only with a verified mobile ('Verify your mobile number first!'). */
function OtpCard() {
  const { t } = useTranslation('settings');
  const user = useUserData();
  const update = useUpdateOtp((enabled) =>
    showToast('success', t('security.otp_heading'), enabled ? t('security.otp_on') : t('security.otp_off')),
  );
  const data = user.data;
  const mobileReady = Boolean(data?.user_phone_num && data.phone_verified);
  return (
    <Card withBorder radius="md" padding="lg" maw={640} mb="lg">
      <Title order={2} fz="h4" mb="md">
        {t('security.otp_heading')}
      </Title>
      <Stack gap="sm">
        <Switch
          label={t('security.otp_label')}
          checked={data?.otp_enabled ?? false}
          disabled={!data || update.isPending || (!mobileReady && !data.otp_enabled)}
          onChange={(event) => update.mutate(event.currentTarget.checked)}
        />
        {data && !mobileReady ? (
          <Text size="sm" c="orange">
            {t('security.otp_needs_mobile')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * Pro Santé Connect (spec.md §4 'Session', account linking): the button goes to the provider, which
 * returns here with state, session_state and code; the page then links the account.
 */
function PscCard({ locale }: { locale: WebLocale }) {
  const { t, i18n } = useTranslation('settings');
  const status = useAccountStatus();
  const [params, setParams] = useSearchParams();
  const start = useStartPscLink();
  const link = useLinkPsc(() => showToast('success', t('security.psc_heading'), t('security.psc_done')));
  const unlink = useUnlinkPsc(() =>
    showToast('success', t('security.psc_heading'), t('security.psc_removed')),
  );
  const handled = useRef(false);
  const state = params.get('state');
  const code = params.get('code');
  const ssoError = params.get('sso_error');

  useEffect(() => {
    if (handled.current) return;
    if (ssoError) {
      handled.current = true;
      showToast('error', t('security.psc_heading'), errorMessage(ssoError));
      setParams({}, { replace: true });
      return;
    }
    if (!state || !code) return;
    handled.current = true;
    const sessionState = params.get('session_state');
    const iss = params.get('iss');
    link.mutate({
      state,
      code,
      ...(sessionState ? { session_state: sessionState } : {}),
      ...(iss ? { iss } : {}),
    });
    setParams({}, { replace: true });
  }, [state, code, ssoError, params, setParams, link, t]);

  const data = status.data;
  return (
    <Card withBorder radius="md" padding="lg" maw={640} mb="lg" data-card="psc">
      <Title order={2} fz="h4" mb="xs">
        {t('security.psc_heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('security.psc_text')}
      </Text>
      {link.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('security.psc_linking')}</Text>
        </Group>
      ) : !data ? null : !data.psc_configured && !data.psc_linked ? (
        <Alert color="gray">{t('security.psc_unavailable')}</Alert>
      ) : data.psc_linked ? (
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Badge color="teal" variant="light">
              {t('security.psc_heading')}
            </Badge>
            <Text size="sm" data-psc="linked">
              {t('security.psc_linked', { date: formatDateTime(data.psc_linked_at, i18n.language) })}
            </Text>
          </Group>
          <Button size="xs" variant="default" loading={unlink.isPending} onClick={() => unlink.mutate()}>
            {t('security.psc_unlink')}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-psc="not-linked">
            {t('security.psc_not_linked')}
          </Text>
          <Button
            style={{ alignSelf: 'flex-start' }}
            loading={start.isPending}
            onClick={() => start.mutate(locale)}
            data-action="psc-link"
          >
            {t('security.psc_link')}
          </Button>
        </Stack>
      )}
    </Card>
  );
}

/** The user's own open sessions, with 'log out everywhere'. */
function SessionsCard({ locale }: { locale: WebLocale }) {
  const { t, i18n } = useTranslation('settings');
  const navigate = useNavigate();
  const sessions = useOwnSessions();
  const end = useLogoutEverywhere((ended, keptCurrent) => {
    showToast('success', t('security.sessions_heading'), t('security.ended', { count: ended }));
    if (!keptCurrent) {
      navigate(`/${locale}/`, { replace: true });
      void logout();
    } else {
      void sessions.refetch();
    }
  });
  return (
    <Card withBorder radius="md" padding="lg" maw={640} mb="lg">
      <Title order={2} fz="h4" mb="xs">
        {t('security.sessions_heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('security.sessions_text')}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table data-table="own-sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('security.session_started')}</Table.Th>
              <Table.Th>{t('security.session_last_used')}</Table.Th>
              <Table.Th>{t('security.session_browser')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(sessions.data ?? []).map((session) => (
              <Table.Tr key={session.session_id}>
                <Table.Td>{formatDateTime(session.created_at, i18n.language)}</Table.Td>
                <Table.Td>{formatDateTime(session.last_used_at, i18n.language)}</Table.Td>
                <Table.Td>
                  {session.current ? (
                    <Badge variant="light">{t('security.this_session')}</Badge>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {session.auth_machine_id.slice(-6)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt="md" gap="xs" wrap="wrap">
        <Button variant="default" loading={end.isPending && end.variables} onClick={() => end.mutate(true)}>
          {t('security.logout_others')}
        </Button>
        <Button
          color="red"
          variant="light"
          loading={end.isPending && !end.variables}
          onClick={() => end.mutate(false)}
        >
          {t('security.logout_everywhere')}
        </Button>
      </Group>
    </Card>
  );
}

/** Security settings (spec.md §2 'Settings'): password, SMS code, Pro Santé Connect, sessions. */
export function SecurityPage({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('title.security_settings')} />
      <PasswordCard />
      <OtpCard />
      <PscCard locale={locale} />
      <SessionsCard locale={locale} />
    </>
  );
}
