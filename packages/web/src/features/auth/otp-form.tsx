import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { OTP_LENGTH } from '@sil/contract';
import { IconDeviceMobileMessage } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { schemaResolver } from '../../lib/form/schema-resolver';
import { OtpForm } from './schemas';

interface OtpFormProps {
  pending: boolean;
  onSubmit: (values: OtpForm) => void;
  onBack: () => void;
}

/** Second login step: the SMS code, digits only; it is zero-padded to 6 digits before sending. */
export function OtpFormView({ pending, onSubmit, onBack }: OtpFormProps) {
  const { t } = useTranslation();
  const form = useForm<OtpForm>({ resolver: schemaResolver(OtpForm), defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('login.otp_sent')}</Text>
        <TextInput
          label={t('login.otp_code')}
          leftSection={<IconDeviceMobileMessage size={18} />}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          autoFocus
          required
          styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
          {...form.register('code')}
          error={error ? t(error) : undefined}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('login.otp_submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {t('login.back_to_login')}
        </Anchor>
      </Stack>
    </form>
  );
}
