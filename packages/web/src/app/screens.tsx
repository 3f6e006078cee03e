import { type RouteMatch, titleKey, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { VerificationPage } from '../features/auth/verification-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { DataManagementPage } from '../features/data-management/data-management-page';
import { PatientHistoryPage } from '../features/patients/patient-history-page';
import { RecordPage, RecordWizard, type ResourceFormRenderer } from '../features/records/records-screens';
import { EntityFormModal } from '../features/reference/entity-form-modal';
import { isReferenceTable, ParameterFormPage, ReferenceScreen } from '../features/reference/reference-screen';
import { REFERENCE_TABLES } from '../features/reference/table-configs';
import { ScannerPage } from '../features/scanner/scanner-page';
import { AccountPage } from '../features/settings/account-page';
import { UploadsPage } from '../features/uploads/uploads-page';
import { i18n } from '../lib/i18n';

/** A screen that a later issue fills in: its title inside the layout, nothing pretending more. */
function TitleOnly({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageHeader title={t(titleKey)} />;
}

/**
 * The wizard's 'Add new resources' opens the reference tables' own add forms; the shell joins the
 * two features so that neither imports the other.
 */
const renderResourceForm: ResourceFormRenderer = (table, onClose) => {
  const config = REFERENCE_TABLES[table];
  if (config?.form.kind !== 'modal') return null;
  return (
    <EntityFormModal
      entity={config.entity}
      fields={config.form.fields}
      title={i18n.t(`title.${table}`)}
      id={null}
      onClose={onClose}
    />
  );
};

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
      return (
        <PatientHistoryPage key={params.patientId} locale={locale} patientId={params.patientId ?? null} />
      );
    case 'import':
      return <TitleOnly titleKey="title.import" />;
    case 'scan':
      return <ScannerPage locale={locale} />;
    case 'formRecords':
      return (
        <RecordWizard
          key={`${params.patientId ?? ''}/${params.recordId ?? ''}`}
          locale={locale}
          patientId={params.patientId ?? null}
          recordId={params.recordId ?? null}
          renderResourceForm={renderResourceForm}
        />
      );
    case 'formExternalRecords':
      return <TitleOnly titleKey="screen.add_external_record" />;
    case 'formParameters':
      return <ParameterFormPage key={params.id ?? 'new'} locale={locale} id={params.id ?? null} />;
    case 'dataManagement':
      return <DataManagementPage />;
    case 'uploads':
      return <UploadsPage locale={locale} recordId={params.upload_record_id ?? null} />;
    case 'validateRecord':
      return <TitleOnly titleKey="screen.validate_record" />;
    case 'invalidateRecord':
      return <TitleOnly titleKey="screen.invalidate_record" />;
    case 'previewRecord':
      return <RecordPage key={params.recordId} locale={locale} recordId={params.recordId ?? null} />;
    case 'table':
      return isReferenceTable(params.table_name ?? '') ? (
        <ReferenceScreen name={params.table_name ?? ''} locale={locale} />
      ) : (
        <TitleOnly titleKey={`title.${titleKey(match)}`} />
      );
  }
}
