import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { WebLocale } from '@sil/contract';
import { IconAlertCircle, IconLogin2, IconShieldCheck } from '@tabler/icons-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { wrappingLabel } from '../../components/wrapping-label';
import { revealFirstError } from '../../lib/form/reveal-error';
import { schemaResolver } from '../../lib/form/schema-resolver';
import { LoginForm } from './schemas';

interface LoginFormProps {
  locale: WebLocale;
  pending: boolean;
  /** Why the last attempt was refused (a wrong password…), shown under the form as well as in the toast. */
  error: string | null;
  onSubmit: (values: LoginForm) => void;
  onForgot: () => void;
}

/** Path that starts the national health-professional single sign-on (full-page navigation). */
export function ssoStartPath(locale: WebLocale): string {
  return `${import.meta.env.VITE_API_ORIGIN ?? ''}/auth/psc/start?locale=${locale}`;
}

export function LoginFormView({ locale, pending, error, onSubmit, onForgot }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useForm<LoginForm>({
    resolver: schemaResolver(LoginForm),
    defaultValues: { email: '', password: '' },
  });
  const formRef = useRef<HTMLFormElement>(null);
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form
      ref={formRef}
      onSubmit={form.handleSubmit(onSubmit, () => revealFirstError(formRef.current))}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label={t('login.email')}
          placeholder={t('login.email_placeholder')}
          type="email"
          autoComplete="username"
          required
          {...form.register('email')}
          error={message(form.formState.errors.email?.message)}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          {...form.register('password')}
          error={message(form.formState.errors.password?.message)}
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onForgot}>
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" loading={pending} leftSection={<IconLogin2 size={18} />} fullWidth>
          {t('login.connect')}
        </Button>
        {error ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            data-testid="login-error"
          >
            {error}
          </Alert>
        ) : null}
        <Divider label={t('login.or')} labelPosition="center" />
        <Button
          component="a"
          href={ssoStartPath(locale)}
          variant="default"
          leftSection={<IconShieldCheck size={18} />}
          fullWidth
          // The product's name is long: on a phone the label wraps inside the button, never past it.
          {...wrappingLabel}
          data-action="sso"
        >
          {t('login.sso')}
        </Button>
      </Stack>
    </form>
  );
}
