import { Center, Loader } from '@mantine/core';
import {
  ACCOUNT_SECTIONS,
  type AccountSection,
  INFORMATION_SECTIONS,
  type InformationSection,
  type RouteMatch,
  titleKey,
  type WebLocale,
} from '@sil/contract';
import { lazy, type ReactNode, Suspense, use } from 'react';
import type { ResourceFormRenderer } from '../features/records';
import { loadDashboardTexts, loadScreenTexts } from './screen-texts';

// Every screen is its own chunk, fetched when its address is first opened: the login page does not
// carry the records wizard, the reference tables or the formula evaluator.

/** A screen's code together with the table and record texts it shows. */
const withTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadScreenTexts()]).then(([module]) => module);

const LoginPage = lazy(() => import('../features/auth').then((m) => ({ default: m.LoginPage })));
const ResetPasswordPage = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerificationPage = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.VerificationPage })),
);
const DashboardPage = lazy(() => import('../features/dashboard').then((m) => ({ default: m.DashboardPage })));
const DataManagementPage = lazy(() =>
  withTexts(() => import('../features/data-management'))().then((m) => ({
    default: m.DataManagementPage,
  })),
);
const PatientHistoryPage = lazy(() =>
  withTexts(() => import('../features/patients'))().then((m) => ({
    default: m.PatientHistoryPage,
  })),
);
const RecordPage = lazy(() =>
  withTexts(() => import('../features/records'))().then((m) => ({ default: m.RecordPage })),
);
const RecordWizard = lazy(() =>
  withTexts(() => import('../features/records'))().then((m) => ({ default: m.RecordWizard })),
);
const ParameterFormPage = lazy(() =>
  withTexts(() => import('../features/reference'))().then((m) => ({
    default: m.ParameterFormPage,
  })),
);
const TableScreen = lazy(() =>
  withTexts(() => import('./table-screen'))().then((m) => ({ default: m.TableScreen })),
);
const ResourceForm = lazy(() =>
  withTexts(() => import('./resource-form'))().then((m) => ({ default: m.ResourceForm })),
);
const ScannerPage = lazy(() =>
  withTexts(() => import('../features/scanner'))().then((m) => ({ default: m.ScannerPage })),
);
const CiqPage = lazy(() =>
  withTexts(() => import('../features/ciq'))().then((m) => ({ default: m.CiqPage })),
);
const ValidationPage = lazy(() =>
  Promise.all([import('../features/validation'), loadScreenTexts()]).then(async ([m]) => {
    await m.loadValidationTexts();
    return { default: m.ValidationPage };
  }),
);
// Account, security and information pages (issue 18): their texts come with them.
const settingsScreen = <K extends 'AccountPage' | 'SecurityPage' | 'InformationPage'>(name: K) =>
  lazy(() =>
    Promise.all([import('../features/settings'), loadScreenTexts()]).then(async ([m]) => {
      await m.loadSettingsTexts();
      return { default: m[name] };
    }),
  );
/** The settings page a path names (the route table lets no other section through). */
const accountSection = (value: string | undefined) =>
  ACCOUNT_SECTIONS.find((section): section is AccountSection => section === value);
const informationSection = (value: string | undefined) =>
  INFORMATION_SECTIONS.find((section): section is InformationSection => section === value);
const AccountPage = settingsScreen('AccountPage');
const SecurityPage = settingsScreen('SecurityPage');
const InformationPage = settingsScreen('InformationPage');
const UploadsPage = lazy(() =>
  withTexts(() => import('../features/uploads'))().then((m) => ({ default: m.UploadsPage })),
);
const ImportPage = lazy(() =>
  withTexts(() => import('../features/imports'))().then((m) => ({ default: m.ImportPage })),
);
const DeliveriesPage = lazy(() =>
  withTexts(() => import('../features/delivery'))().then((m) => ({ default: m.DeliveriesPage })),
);
const OnlineReportPage = lazy(() =>
  withTexts(() => import('../features/delivery'))().then((m) => ({ default: m.OnlineReportPage })),
);
const ExternalRecordForm = lazy(() =>
  withTexts(() => import('../features/portals'))().then((m) => ({ default: m.ExternalRecordForm })),
);
// Billing (issue 16).
const BillingPage = lazy(() =>
  withTexts(() => import('../features/billing'))().then((m) => ({ default: m.BillingPage })),
);
// Analysers (issue 41): their texts come with them.
const analysersScreen = <K extends 'AgentsPage' | 'AnalysersPage' | 'ReconciliationPage'>(name: K) =>
  lazy(() =>
    Promise.all([import('../features/analysers'), loadScreenTexts()]).then(async ([m]) => {
      await m.loadAnalyserTexts();
      return { default: m[name] };
    }),
  );
const AgentsPage = analysersScreen('AgentsPage');
const AnalysersPage = analysersScreen('AnalysersPage');
const ReconciliationPage = analysersScreen('ReconciliationPage');
const WorklistsPage = lazy(() =>
  withTexts(() => import('../features/worklists'))().then((m) => ({ default: m.WorklistsPage })),
);

/**
 * The wizard's 'Add new resources' opens the reference tables' own add forms; the shell joins the
 * two features so that neither imports the other.
 */
const renderResourceForm: ResourceFormRenderer = (table, onClose) => (
  <Suspense fallback={null}>
    <ResourceForm table={table} onClose={onClose} />
  </Suspense>
);

/** Shows its screen once the dashboard's texts of the page's language are there (suspends till then). */
function WithDashboardTexts({ locale, children }: { locale: WebLocale; children: ReactNode }) {
  use(loadDashboardTexts(locale));
  return children;
}

function ScreenLoading() {
  return (
    <Center h="50vh">
      <Loader />
    </Center>
  );
}

/** Picks the screen of a matched route of the contract's route table, fetching its code on first use. */
export function ScreenFor({ locale, match }: { locale: WebLocale; match: RouteMatch }) {
  return <Suspense fallback={<ScreenLoading />}>{screenOf(locale, match)}</Suspense>;
}

function screenOf(locale: WebLocale, match: RouteMatch): ReactNode {
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
      return (
        <WithDashboardTexts locale={locale}>
          <DashboardPage locale={locale} />
        </WithDashboardTexts>
      );
    case 'account':
      return <AccountPage locale={locale} section={accountSection(params.section)} />;
    case 'security':
      return <SecurityPage locale={locale} />;
    case 'information':
      return <InformationPage locale={locale} section={informationSection(params.section)} />;
    case 'patient':
      return (
        <PatientHistoryPage key={params.patientId} locale={locale} patientId={params.patientId ?? null} />
      );
    case 'import':
      return <ImportPage />;
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
      return (
        <ExternalRecordForm
          key={`${params.patientId ?? ''}/${params.recordId ?? ''}`}
          locale={locale}
          patientId={params.patientId ?? null}
          recordId={params.recordId ?? null}
        />
      );
    case 'formParameters':
      return <ParameterFormPage key={params.id ?? 'new'} locale={locale} id={params.id ?? null} />;
    case 'dataManagement':
      return <DataManagementPage />;
    case 'uploads':
      return <UploadsPage locale={locale} recordId={params.upload_record_id ?? null} />;
    case 'billing':
      return <BillingPage key={params.bill_state ?? ''} locale={locale} state={params.bill_state ?? null} />;
    case 'deliveries':
      return <DeliveriesPage key={params.channel ?? ''} locale={locale} channel={params.channel ?? null} />;
    case 'onlineReport':
      return <OnlineReportPage locale={locale} />;
    case 'ciq':
      return <CiqPage key={params.machineId ?? ''} locale={locale} machineId={params.machineId ?? null} />;
    case 'worklists':
      return (
        <WorklistsPage key={params.machineId ?? ''} locale={locale} machineId={params.machineId ?? null} />
      );
    case 'agents':
      return <AgentsPage />;
    case 'analysers':
      return (
        <AnalysersPage
          key={params.machineId ?? ''}
          locale={locale}
          machineId={params.machineId ?? null}
          tab={params.tab ?? null}
        />
      );
    case 'reconciliation':
      return <ReconciliationPage locale={locale} />;
    case 'validateRecord':
      return <ValidationPage locale={locale} mode="validate" recordId={params.recordId ?? null} />;
    case 'invalidateRecord':
      return (
        <ValidationPage
          key={params.recordId}
          locale={locale}
          mode="invalidate"
          recordId={params.recordId ?? null}
        />
      );
    case 'previewRecord':
      return <RecordPage key={params.recordId} locale={locale} recordId={params.recordId ?? null} />;
    case 'table':
      if (params.table_name === 'tasks')
        return (
          <WithDashboardTexts locale={locale}>
            <TableScreen
              name="tasks"
              locale={locale}
              fallbackTitleKey={`title.${titleKey(match)}`}
              taskType={params.task_type ?? null}
            />
          </WithDashboardTexts>
        );
      return (
        <TableScreen
          name={params.table_name ?? ''}
          locale={locale}
          taskType={params.task_type ?? null}
          fallbackTitleKey={`title.${titleKey(match)}`}
        />
      );
  }
}
