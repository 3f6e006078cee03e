/**
 * The face of patients, records and samples: what other modules may use. Everything else in this
 * folder is private to it (the boundary checker of `npm run lint` refuses imports past this file).
 */
export { patientInLaboratory } from './patients/queries.js';
export { recordsRoutes } from './routes.js';
export { findVisibleRecord, type RecordRow, recordScope, visibleRecord } from './scope.js';
/** Status steps, for the actions that own the later ones (validation, delivery). */
export { assertStep, followSamples, moveRecordStatus, moveSampleStatus } from './statuses.js';
