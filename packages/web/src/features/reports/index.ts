/** The result report of a record: preview and stored versions (record and validation screens). */
export { ReportCard } from './report-card';
