import {
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  decideAccess,
  RELAY_SECURITY,
  routes,
  SecureMessagingBody,
  type SecureMessagingSettings,
} from '@sil/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { errorMessage, showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useSecureMessaging, useUpdateSecureMessaging } from './api';

type Security = (typeof RELAY_SECURITY)[number];
/** The relay as the form holds it: text as typed; a blank password keeps the one saved. */
interface Draft {
  secure_messaging_host: string;
  secure_messaging_port: string;
  secure_messaging_security: Security;
  secure_messaging_user: string;
  secure_messaging_password: string;
  secure_messaging_sender: string;
}
type Body = z.output<typeof SecureMessagingBody>;

/** Messages said in this card's words (settings `secure_messaging.*`), by the contract's message. */
const CARD_MESSAGES: Record<string, string> = { required: 'required', host: 'host_invalid', email: 'email' };

const draftOf = (saved: SecureMessagingSettings): Draft => ({
  secure_messaging_host: saved.secure_messaging_host ?? '',
  secure_messaging_port: saved.secure_messaging_port === null ? '' : String(saved.secure_messaging_port),
  secure_messaging_security: saved.secure_messaging_security ?? 'tls',
  secure_messaging_user: saved.secure_messaging_user ?? '',
  secure_messaging_password: '',
  secure_messaging_sender: saved.secure_messaging_sender ?? '',
});

/** The draft as the call's body, checked by the contract's own schema (field paths kept). */
const fieldsWith = (stamp: string) =>
  z
    .custom<Draft>()
    .transform(
      (draft): z.input<typeof SecureMessagingBody> => ({
        secure_messaging_host: draft.secure_messaging_host.trim() || null,
        secure_messaging_port:
          draft.secure_messaging_port.trim() === '' ? null : Number(draft.secure_messaging_port),
        secure_messaging_security: draft.secure_messaging_security,
        secure_messaging_user: draft.secure_messaging_user.trim() || null,
        ...(draft.secure_messaging_password === ''
          ? {}
          : { secure_messaging_password: draft.secure_messaging_password }),
        secure_messaging_sender: draft.secure_messaging_sender.trim() || null,
        laboratory_last_updated: stamp,
      }),
    )
    .pipe(SecureMessagingBody);

function RelayForm({
  saved,
  editable,
  save,
}: {
  saved: SecureMessagingSettings;
  editable: boolean;
  save: ReturnType<typeof useUpdateSecureMessaging>;
}) {
  const { t } = useTranslation('settings');
  const { t: tTables } = useTranslation('tables');
  const form = useForm<Draft, unknown, Body>({
    resolver: schemaResolver(fieldsWith(saved.laboratory_last_updated)),
    defaultValues: draftOf(saved),
  });
  const { errors } = form.formState;
  const errorOf = (name: keyof Draft) => {
    const message = errors[name]?.message;
    if (!message) return null;
    if (message === 'destinationNotAllowed') return errorMessage(message);
    const own = CARD_MESSAGES[message];
    return own ? t(`secure_messaging.${own}`) : issueText(tTables, message);
  };
  const text = (name: keyof Draft) => ({
    ...form.register(name),
    readOnly: !editable,
    error: errorOf(name),
    'data-field': name,
  });
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      // The saved relay replaces this form (keyed by the laboratory's stamp): the card, which
      // holds the mutation, stays to say so.
      onSuccess: () => showToast('success', t('secure_messaging.saved')),
      onError: (error) => {
        // A relay on an internal network (issue 38): said under the host as well as in the toast.
        if (error instanceof ApiError && error.code === 'destinationNotAllowed')
          form.setError('secure_messaging_host', { type: 'server', message: error.code });
      },
    }),
  );
  const securityChoices = RELAY_SECURITY.map((value) => ({
    value,
    label: t(`secure_messaging.security_${value}`),
  }));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          <TextInput
            label={t('secure_messaging.host')}
            description={t('secure_messaging.host_hint')}
            // The hint under the input, so that the three inputs of the row stay level.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...text('secure_messaging_host')}
          />
          <TextInput
            label={t('secure_messaging.port')}
            inputMode="numeric"
            {...text('secure_messaging_port')}
          />
          <Controller
            control={form.control}
            name="secure_messaging_security"
            render={({ field }) => (
              <Select
                label={t('secure_messaging.security')}
                data={securityChoices}
                value={field.value}
                onChange={(value) => value && field.onChange(value as Security)}
                allowDeselect={false}
                readOnly={!editable}
                data-field="secure_messaging_security"
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <TextInput
            label={t('secure_messaging.user')}
            autoComplete="off"
            {...text('secure_messaging_user')}
          />
          <PasswordInput
            label={t('secure_messaging.password')}
            description={
              saved.secure_messaging_has_password ? t('secure_messaging.password_kept') : undefined
            }
            autoComplete="new-password"
            {...text('secure_messaging_password')}
          />
        </SimpleGrid>
        <TextInput
          label={t('secure_messaging.sender')}
          description={t('secure_messaging.sender_hint')}
          type="email"
          {...text('secure_messaging_sender')}
        />
        {editable ? (
          <Group>
            <Button type="submit" loading={save.isPending} data-action="save-secure-messaging">
              {t('secure_messaging.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('secure_messaging.read_only')}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/**
 * The laboratory's secure health messaging (MSSanté) relay: validated records whose prescriber has
 * an MSSanté address go to them through it, from the laboratory's own MSSanté address (issue 42).
 * Read by the staff, changed by an administrator; the password is never shown again.
 */
export function SecureMessagingCard() {
  const { t } = useTranslation('settings');
  const { rights } = useSession();
  const readable = decideAccess(routes.getSecureMessaging.access, rights).allowed;
  const editable = decideAccess(routes.updateSecureMessaging.access, rights).allowed;
  const relay = useSecureMessaging(readable);
  const save = useUpdateSecureMessaging();
  if (!readable) return null;
  return (
    <Card withBorder radius="md" padding="lg" maw={720} mb="lg" data-testid="secure-messaging">
      <Title order={2} fz="h4">
        {t('secure_messaging.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('secure_messaging.intro')}
      </Text>
      {relay.data ? (
        <RelayForm
          key={relay.data.laboratory_last_updated}
          saved={relay.data}
          editable={editable}
          save={save}
        />
      ) : (
        <Text c="dimmed">…</Text>
      )}
    </Card>
  );
}
