import { Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { schemaResolver } from '../../lib/form/schema-resolver';
import { showToast } from '../../lib/notify';
import { useChangePassword } from './api';
import { ChangePasswordForm } from './schemas';

/** Every rule a field breaks, as translated messages joined on one line. */
function messageOf(error: FieldError | undefined, t: (key: string) => string): string | undefined {
  if (!error) return undefined;
  const all = Object.values(error.types ?? {})
    .flat()
    .filter((value): value is string => typeof value === 'string');
  const keys = all.length ? all : error.message ? [error.message] : [];
  return keys.map((key) => t(key)).join(' · ') || undefined;
}

/** Change password (spec.md §2 'Security'): previous, new, confirm; the other sessions end. */
export function PasswordCard() {
  const { t } = useTranslation('settings');
  const { t: tRoot } = useTranslation();
  const form = useForm<ChangePasswordForm>({
    resolver: schemaResolver(ChangePasswordForm),
    defaultValues: { previous: '', password: '', confirm: '' },
    criteriaMode: 'all',
  });
  const change = useChangePassword(() => {
    form.reset();
    showToast('success', t('security.password_heading'), t('security.changed'));
  });
  const { errors } = form.formState;
  return (
    <Card withBorder radius="md" padding="lg" maw={640} mb="lg">
      <Title order={2} fz="h4" mb="md">
        {t('security.password_heading')}
      </Title>
      <form
        noValidate
        data-form="change-password"
        onSubmit={form.handleSubmit((values) =>
          change.mutate({ previous: values.previous, next: values.password }),
        )}
      >
        <Stack gap="sm">
          <PasswordInput
            label={t('security.previous')}
            autoComplete="current-password"
            required
            {...form.register('previous')}
            error={messageOf(errors.previous, tRoot)}
          />
          <PasswordInput
            label={t('security.new')}
            description={t('security.policy')}
            autoComplete="new-password"
            required
            {...form.register('password')}
            error={messageOf(errors.password, tRoot)}
          />
          <PasswordInput
            label={t('security.confirm')}
            autoComplete="new-password"
            required
            {...form.register('confirm')}
            error={messageOf(errors.confirm, tRoot)}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('security.change')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
