import { type RouteMatch, titleKey, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { VerificationPage } from '../features/auth/verification-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { isReferenceTable, ParameterFormPage, ReferenceScreen } from '../features/reference/reference-screen';
import { AccountPage } from '../features/settings/account-page';

/** A screen that a later issue fills in: its title inside the layout, nothing pretending more. */
function TitleOnly({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageHeader title={t(titleKey)} />;
}

/** Picks the screen of a matched route of the contract's route table. */
export function ScreenFor({ locale, match }: { locale: WebLocale; match: RouteMatch }) {
  const { params } = match;
  switch (match.route.id) {
    case 'login':
      return <LoginPage locale={locale} />;
    case 'resetPassword':
      return <ResetPasswordPage locale={locale} token={params.resetToken ?? null} />;
    case 'verifyEmail':
      return <VerificationPage locale={locale} kind="email" token={params.verificationToken ?? ''} />;
    case 'verifyPhoneNumber':
      return <VerificationPage locale={locale} kind="phone" token={params.verificationToken ?? ''} />;
    case 'dashboard':
      return <DashboardPage />;
    case 'account':
      return <AccountPage locale={locale} />;
    case 'security':
      return <TitleOnly titleKey="title.security_settings" />;
    case 'information':
      return <TitleOnly titleKey="title.information_settings" />;
    case 'patient':
      return <TitleOnly titleKey="screen.patient_history" />;
    case 'import':
      return <TitleOnly titleKey="title.import" />;
    case 'scan':
      return <TitleOnly titleKey="title.scanner" />;
    case 'formRecords':
      return <TitleOnly titleKey="title.add_record" />;
    case 'formExternalRecords':
      return <TitleOnly titleKey="screen.add_external_record" />;
    case 'formParameters':
      return <ParameterFormPage key={params.id ?? 'new'} locale={locale} id={params.id ?? null} />;
    case 'dataManagement':
      return <TitleOnly titleKey="title.data_management" />;
    case 'uploads':
      return <TitleOnly titleKey="title.uploads" />;
    case 'validateRecord':
      return <TitleOnly titleKey="screen.validate_record" />;
    case 'invalidateRecord':
      return <TitleOnly titleKey="screen.invalidate_record" />;
    case 'previewRecord':
      return <TitleOnly titleKey="title.preview_record" />;
    case 'table':
      return isReferenceTable(params.table_name ?? '') ? (
        <ReferenceScreen name={params.table_name ?? ''} locale={locale} />
      ) : (
        <TitleOnly titleKey={`title.${titleKey(match)}`} />
      );
  }
}
