import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { email as emailField, phoneNumber, type UserData, type WebLocale } from '@sil/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
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

/** An address as typed, checked by the contract's rule for e-mails. */
const typedEmail = z.string().trim().pipe(emailField);
/** A mobile number as typed, spaces and dots allowed between digits, checked by the contract's rule. */
const typedMobile = z
  .string()
  .transform((value) => value.replace(/[\s.]/g, ''))
  .pipe(phoneNumber);

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
  schema,
  invalidText,
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
  /** The contract's rule for the new value, from the text as typed to what is sent. */
  schema: z.ZodType<string, string>;
  invalidText: string;
  sending: boolean;
  onSend: (value: string, then: { onSuccess: () => void }) => void;
  name: string;
}) {
  const { t } = useTranslation('settings');
  const [editing, setEditing] = useState(false);
  const form = useForm<{ value: string }, unknown, { value: string }>({
    resolver: schemaResolver(z.object({ value: schema })),
    defaultValues: { value: '' },
  });
  const close = () => {
    setEditing(false);
    form.reset();
  };
  const submit = form.handleSubmit(({ value: next }) => onSend(next, { onSuccess: close }));
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
            <Button
              size="xs"
              variant="light"
              loading={sending && !editing}
              onClick={() => onSend(value, { onSuccess: close })}
            >
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
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={inputLabel}
              description={inputHint}
              {...form.register('value')}
              name={`new_${name}`}
              error={form.formState.errors.value ? invalidText : null}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={sending}>
              {t('account.send_link')}
            </Button>
            <Button variant="subtle" onClick={close}>
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
  const { t: tMain } = useTranslation();
  const user = useUserData();
  const status = useAccountStatus();
  // A change or verification request the server accepted: successRequest (spec.md §8), and where the link went.
  const emailChange = useRequestEmailChange((address) =>
    showToast('success', tMain('toast.successRequest'), t('account.email_sent', { value: address })),
  );
  const phoneChange = useRequestPhoneChange((phone) =>
    showToast('success', tMain('toast.successRequest'), t('account.sms_sent', { value: phone })),
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
            schema={typedEmail}
            invalidText={t('account.invalid_email')}
            sending={emailChange.isPending}
            onSend={(value, then) => emailChange.mutate({ email: value.toLowerCase(), locale }, then)}
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
            schema={typedMobile}
            invalidText={t('account.invalid_mobile')}
            sending={phoneChange.isPending}
            onSend={(value, then) => phoneChange.mutate({ phone: value.replace(/[\s.]/g, ''), locale }, then)}
          />
        </Stack>
      ) : null}
    </Card>
  );
}
