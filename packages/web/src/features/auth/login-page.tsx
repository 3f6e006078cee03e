import { Group, Title } from '@mantine/core';
import { padOtp, type WebLocale } from '@sil/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { LanguageSelect } from '../../components/language-select';
import { call } from '../../lib/api-client';
import { errorMessage, showToast } from '../../lib/notify';
import { newAuthMachineId, sha256Hex } from '../../lib/session';
import { completeLogin } from './complete-login';
import { ForgotPasswordFormView } from './forgot-password-form';
import { LoginFormView } from './login-form';
import { OtpFormView } from './otp-form';
import type { ForgotForm, LoginForm, OtpForm } from './schemas';

type Step = { kind: 'credentials' } | { kind: 'otp'; email: string; machineId: string } | { kind: 'forgot' };

/** spec.md §2 'Login' and §4 'Session': credentials, then an SMS code when the account needs one. */
export function LoginPage({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [searchParams, setSearchParams] = useSearchParams();
  const ssoError = searchParams.get('sso_error');

  // The single sign-on start redirects back here with the error code when it cannot proceed.
  useEffect(() => {
    if (!ssoError) return;
    showToast('error', t('toast.sso_error'), errorMessage(ssoError));
    setSearchParams({}, { replace: true });
  }, [ssoError, setSearchParams, t]);

  const login = useMutation({
    mutationFn: async (values: LoginForm) => {
      const machineId = newAuthMachineId();
      const answer = await call('login', {
        body: {
          email: values.email,
          auth_machine_id: machineId,
          password: await sha256Hex(values.password),
          locale,
        },
      });
      if ('otpSent' in answer) return { kind: 'otp' as const, email: values.email, machineId };
      return {
        kind: 'done' as const,
        destination: await completeLogin(answer, machineId, locale, queryClient),
      };
    },
    onSuccess: (result) => {
      if (result.kind === 'otp') setStep(result);
      else navigate(result.destination, { replace: true });
    },
  });

  const otp = useMutation({
    mutationFn: async (values: OtpForm) => {
      if (step.kind !== 'otp') throw new Error('No login waits for a code');
      const tokens = await call('loginWithOtp', {
        body: { email: step.email, auth_machine_id: step.machineId, otp_code: padOtp(values.code) },
      });
      return completeLogin(tokens, step.machineId, locale, queryClient);
    },
    onSuccess: (destination) => navigate(destination, { replace: true }),
  });

  const forgot = useMutation({
    mutationFn: (values: ForgotForm) =>
      call('requestPasswordReset', { body: { email: values.email, locale } }),
    onSuccess: () => {
      showToast('success', t('toast.success'), t('login.recovery_sent'));
      setStep({ kind: 'credentials' });
    },
  });

  const heading =
    step.kind === 'otp'
      ? t('login.otp_heading')
      : step.kind === 'forgot'
        ? t('login.forgot_heading')
        : t('login.heading');

  return (
    <CenteredCard
      aside={
        <Group justify="center">
          <LanguageSelect locale={locale} />
        </Group>
      }
    >
      <Title order={3} mb="lg">
        {heading}
      </Title>
      {step.kind === 'credentials' ? (
        <LoginFormView
          locale={locale}
          pending={login.isPending}
          onSubmit={(values) => login.mutate(values)}
          onForgot={() => setStep({ kind: 'forgot' })}
        />
      ) : step.kind === 'otp' ? (
        <OtpFormView
          pending={otp.isPending}
          onSubmit={(values) => otp.mutate(values)}
          onBack={() => setStep({ kind: 'credentials' })}
        />
      ) : (
        <ForgotPasswordFormView
          pending={forgot.isPending}
          onSubmit={(values) => forgot.mutate(values)}
          onBack={() => setStep({ kind: 'credentials' })}
        />
      )}
    </CenteredCard>
  );
}
