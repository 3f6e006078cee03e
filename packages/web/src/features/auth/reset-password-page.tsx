import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { hrefTo, type WebLocale } from '@sil/contract';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { wrappingLabel } from '../../components/wrapping-label';
import { schemaResolver } from '../../lib/form/schema-resolver';
import { showToast } from '../../lib/notify';
import { useResetPassword } from './api';
import { NewPasswordForm } from './schemas';

/** Every rule a field breaks (criteriaMode 'all'), as locale keys: the user sees them all at once. */
function messagesOf(error: FieldError | undefined): string[] {
  if (!error) return [];
  const all = Object.values(error.types ?? {})
    .flat()
    .filter((value): value is string => typeof value === 'string');
  return all.length ? all : error.message ? [error.message] : [];
}

/** spec.md §2 'Reset password': new password and confirmation; on success, to login. */
export function ResetPasswordPage({ locale, token }: { locale: WebLocale; token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<NewPasswordForm>({
    resolver: schemaResolver(NewPasswordForm),
    defaultValues: { password: '', confirm: '' },
    criteriaMode: 'all',
  });
  const reset = useResetPassword(token, () => {
    showToast('success', t('toast.success'), t('reset.done'));
    navigate(hrefTo(locale, 'login'), { replace: true });
  });
  const passwordMessages = messagesOf(form.formState.errors.password);
  const confirmMessages = messagesOf(form.formState.errors.confirm);

  return (
    <CenteredCard>
      <Title order={3} mb="lg">
        {t('reset.heading')}
      </Title>
      {token ? (
        <form onSubmit={form.handleSubmit((values) => reset.mutate(values))} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={t('reset.new_password')}
              autoComplete="new-password"
              required
              {...form.register('password')}
              error={passwordMessages.length ? passwordMessages.map((key) => t(key)).join(' · ') : undefined}
            />
            <PasswordInput
              label={t('reset.confirm')}
              autoComplete="new-password"
              required
              {...form.register('confirm')}
              error={confirmMessages.length ? t(confirmMessages[0] ?? '') : undefined}
            />
            <Button type="submit" loading={reset.isPending} fullWidth {...wrappingLabel}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="yellow">{t('reset.missing_link')}</Alert>
      )}
      <Anchor component={Link} to={hrefTo(locale, 'login')} size="sm" mt="md" display="block" ta="center">
        {t('login.back_to_login')}
      </Anchor>
    </CenteredCard>
  );
}
