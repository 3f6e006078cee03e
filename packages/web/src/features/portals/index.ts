/** The prescriber and external records portals (issue 17): their lists and the external record form. */
export { ExternalRecordForm } from './external-record-form';
export { doctorsTablePage, externalRecordsTablePage } from './portal-tables';
