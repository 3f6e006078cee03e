import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { WebLocale } from '@sil/contract';
import { IconLogin2, IconShieldCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './schemas';

interface LoginFormProps {
  locale: WebLocale;
  pending: boolean;
  onSubmit: (values: LoginForm) => void;
  onForgot: () => void;
}

/** Path that starts the national health-professional single sign-on (full-page navigation). */
export function ssoStartPath(locale: WebLocale): string {
  return `${import.meta.env.VITE_API_ORIGIN ?? ''}/auth/psc/start?locale=${locale}`;
}

export function LoginFormView({ locale, pending, onSubmit, onForgot }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useForm<LoginForm>({
    resolver: zodResolver(LoginForm),
    defaultValues: { email: '', password: '' },
  });
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
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
        <Divider label={t('login.or')} labelPosition="center" />
        <Button
          component="a"
          href={ssoStartPath(locale)}
          variant="default"
          leftSection={<IconShieldCheck size={18} />}
          fullWidth
        >
          {t('login.sso')}
        </Button>
      </Stack>
    </form>
  );
}
