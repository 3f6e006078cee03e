import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { email as emailField, phoneNumber, type UserData, type WebLocale } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify';
import { useAccountStatus, useRequestEmailChange, useRequestPhoneChange, useUserData } from './api';

function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Badge color={verified ? 'teal' : 'orange'} variant="light" data-verified={verified}>
      {verified ? t('account.verified') : t('account.unverified')}
    </Badge>
  );
}

/** One line of the card: the value, its state, and a form to send a verification or change link. */
function ContactLine({
  label,
  value,
  verified,
  pending,
  canChange,
  lockedText,
  inputLabel,
  inputHint,
  validate,
  sending,
  onSend,
  name,
}: {
  label: string;
  value: string | null;
  verified: boolean;
  pending: string | null;
  canChange: boolean;
  lockedText?: string;
  inputLabel: string;
  inputHint?: string;
  validate: (value: string) => string | null;
  sending: boolean;
  onSend: (value: string) => Promise<unknown>;
  name: string;
}) {
  const { t } = useTranslation('settings');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (next: string) => {
    const problem = validate(next);
    setError(problem);
    if (problem) return;
    await onSend(next);
    setEditing(false);
  };
  return (
    <Stack gap={6} data-contact={name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Group gap="xs">
            <Text fw={500}>{value ?? t('account.none')}</Text>
            {value ? <VerifiedBadge verified={verified} /> : null}
          </Group>
        </div>
        <Group gap="xs">
          {value && !verified ? (
            <Button size="xs" variant="light" loading={sending && !editing} onClick={() => submit(value)}>
              {t('account.verify')}
            </Button>
          ) : null}
          {canChange && !editing ? (
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              {t('account.change')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {pending ? (
        <Text size="sm" c="orange" data-pending={name}>
          {t('account.pending', { value: pending })}
        </Text>
      ) : null}
      {!canChange && lockedText ? (
        <Text size="xs" c="dimmed">
          {lockedText}
        </Text>
      ) : null}
      {editing ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit(draft.trim()).catch(() => undefined);
          }}
        >
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={inputLabel}
              description={inputHint}
              name={`new_${name}`}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              error={error}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={sending}>
              {t('account.send_link')}
            </Button>
            <Button variant="subtle" onClick={() => setEditing(false)}>
              {t('account.cancel')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}

/** 'My account' (spec.md §2 'Settings'): e-mail and mobile with Verified / Unverified, change and verification requests. */
export function ContactCard({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation('settings');
  const user = useUserData();
  const status = useAccountStatus();
  const emailChange = useRequestEmailChange((address) =>
    showToast('success', t('account.heading'), t('account.email_sent', { value: address })),
  );
  const phoneChange = useRequestPhoneChange((phone) =>
    showToast('success', t('account.heading'), t('account.sms_sent', { value: phone })),
  );
  const data: UserData | undefined = user.data;
  return (
    <Card withBorder radius="md" padding="lg" maw={640} mb="lg">
      <Title order={2} fz="h4" mb="md">
        {t('account.heading')}
      </Title>
      {data ? (
        <Stack gap="lg">
          <div>
            <Text size="sm" c="dimmed">
              {t('account.name')}
            </Text>
            <Text fw={500}>{data.user_name}</Text>
          </div>
          <ContactLine
            name="email"
            label={t('account.email')}
            value={data.user_email}
            verified={data.email_verified}
            pending={status.data?.pending_email ?? null}
            canChange={!data.email_verified}
            lockedText={t('account.email_locked')}
            inputLabel={t('account.new_email')}
            validate={(value) => (emailField.safeParse(value).success ? null : t('account.invalid_email'))}
            sending={emailChange.isPending}
            onSend={(value) => emailChange.mutateAsync({ email: value.toLowerCase(), locale })}
          />
          <ContactLine
            name="mobile"
            label={t('account.mobile')}
            value={data.user_phone_num}
            verified={data.phone_verified}
            pending={status.data?.pending_phone ?? null}
            canChange
            inputLabel={t('account.new_mobile')}
            inputHint={t('account.mobile_hint')}
            validate={(value) =>
              phoneNumber.safeParse(value.replace(/[\s.]/g, '')).success ? null : t('account.invalid_mobile')
            }
            sending={phoneChange.isPending}
            onSend={(value) => phoneChange.mutateAsync({ phone: value.replace(/[\s.]/g, ''), locale })}
          />
        </Stack>
      ) : null}
    </Card>
  );
}
