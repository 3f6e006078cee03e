import { Group, Title } from '@mantine/core';
import type { WebLocale } from '@sil/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { LanguageSelect } from '../../components/language-select';
import { ApiError } from '../../lib/api-client';
import { errorMessage, showToast } from '../../lib/notify';
import { useLogin, useOtpLogin, useRequestPasswordReset, useSsoLogin } from './api';
import { ForgotPasswordFormView } from './forgot-password-form';
import { LoginFormView } from './login-form';
import { OtpFormView } from './otp-form';

type Step = { kind: 'credentials' } | { kind: 'otp'; email: string; machineId: string } | { kind: 'forgot' };

/** spec.md §2 'Login' and §4 'Session': credentials, then an SMS code when the account needs one. */
export function LoginPage({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [searchParams, setSearchParams] = useSearchParams();
  const ssoError = searchParams.get('sso_error');

  // The single sign-on start redirects back here with the error code when it cannot proceed.
  useEffect(() => {
    if (!ssoError) return;
    showToast('error', t('toast.sso_error'), errorMessage(ssoError));
    setSearchParams({}, { replace: true });
  }, [ssoError, setSearchParams, t]);

  // The provider's return (state, session_state, code): exchanged once for a session.
  const sso = useSsoLogin(locale, (destination) => navigate(destination, { replace: true }));
  const ssoHandled = useRef(false);
  const ssoState = searchParams.get('state');
  const ssoCode = searchParams.get('code');
  useEffect(() => {
    if (ssoHandled.current || !ssoState || !ssoCode) return;
    ssoHandled.current = true;
    const sessionState = searchParams.get('session_state');
    const iss = searchParams.get('iss');
    sso.mutate({
      state: ssoState,
      code: ssoCode,
      ...(sessionState ? { session_state: sessionState } : {}),
      ...(iss ? { iss } : {}),
    });
    setSearchParams({}, { replace: true });
  }, [ssoState, ssoCode, searchParams, setSearchParams, sso]);

  const login = useLogin(locale, (outcome) => {
    if (outcome.kind === 'otp') setStep(outcome);
    else navigate(outcome.destination, { replace: true });
  });
  const otp = useOtpLogin(locale, step.kind === 'otp' ? step : null, (destination) =>
    navigate(destination, { replace: true }),
  );
  const forgot = useRequestPasswordReset(locale, () => {
    showToast('success', t('toast.successRequest'), t('login.recovery_sent'));
    setStep({ kind: 'credentials' });
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
          error={
            login.error === null
              ? null
              : errorMessage(login.error instanceof ApiError ? login.error.code : 'fallback')
          }
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
