import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { wrappingLabel } from '../../components/wrapping-label';
import { schemaResolver } from '../../lib/form/schema-resolver';
import { ForgotForm } from './schemas';

interface ForgotFormProps {
  pending: boolean;
  onSubmit: (values: ForgotForm) => void;
  onBack: () => void;
}

export function ForgotPasswordFormView({ pending, onSubmit, onBack }: ForgotFormProps) {
  const { t } = useTranslation();
  const form = useForm<ForgotForm>({ resolver: schemaResolver(ForgotForm), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('login.forgot_text')}
        </Text>
        <TextInput
          label={t('login.email')}
          placeholder={t('login.email_placeholder')}
          type="email"
          autoComplete="username"
          required
          {...form.register('email')}
          error={error ? t(error) : undefined}
        />
        <Button type="submit" loading={pending} fullWidth {...wrappingLabel}>
          {t('login.send_link')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {t('login.back_to_login')}
        </Anchor>
      </Stack>
    </form>
  );
}
