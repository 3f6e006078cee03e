export { PatientHistoryPage } from './patient-history-page';
export { patientsTablePage } from './patients-table';
