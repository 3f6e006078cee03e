import type { WebLocale } from '@sil/contract';
import { type BoundTablePage, pageOf } from '../../lib/table/table-pages';
import { NabmImportButton } from './nabm-import-button';
import {
  analysesTable,
  clinicsTable,
  collectorsTable,
  familiesTable,
  machinesTable,
  matricesTable,
  nabmsTable,
  parametersTable,
  prescribersTable,
  sampleTypesTable,
} from './table-configs';
import { UsersPage } from './users/users-page';

const collectors = pageOf(collectorsTable);

/** Reference table pages by the name in their address; 'collector' is the second reading of 'collectors' (§2). */
export const REFERENCE_TABLE_PAGES: Readonly<Record<string, BoundTablePage>> = {
  matrices: pageOf(matricesTable),
  families: pageOf(familiesTable),
  machines: pageOf(machinesTable),
  sample_types: pageOf(sampleTypesTable),
  clinics: pageOf(clinicsTable),
  collectors,
  collector: collectors,
  prescribers: pageOf(prescribersTable),
  // The NABM table imports the national nomenclature.
  nabms: pageOf(nabmsTable, (rights) => (rights.edit ? <NabmImportButton /> : null)),
  parameters: pageOf(parametersTable),
  analyses: pageOf(analysesTable),
};

/** The users table: a page of its own (users are invited and disabled, never deleted). */
export function UsersScreen({ locale }: { locale: WebLocale }) {
  return <UsersPage locale={locale} />;
}

export { ParameterFormPage } from './parameter/parameter-form-page';
