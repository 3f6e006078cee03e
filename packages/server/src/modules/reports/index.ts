/** The face of the report service: the documents of a record and its result report. */

// Billing (issue 16) prints its fee sheet and quote from the same record context.
export { documentPatient, documentPrescriber } from './documents.js';
/** For validation: the report stored with each validation, and the reason kept with each invalidation. */
export { keepInvalidation } from './keep-invalidation.js';
export { latestReportFile } from './latest.js';
export { contextOfRecord, loadRecordContext, type RecordContext } from './record-context.js';
export { gatherResults, type RecordResults, type ResultEntry, setting } from './report-data.js';
export { latestReport } from './report-store.js';
export { reportRoutes } from './routes.js';
export { storeReportAtValidation } from './store-report.js';
