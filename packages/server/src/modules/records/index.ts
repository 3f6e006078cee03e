/**
 * The face of patients, records and samples: what other modules may use. Everything else in this
 * folder is private to it (the boundary checker of `npm run lint` refuses imports past this file).
 */

/** For the results of a sample: the sample, as the API shows it, and the record guard. */
export { assertEditable, assertUnlocked, updateRecordIfUnchanged } from './guards.js';
export { lockedRecord } from './locks.js';
/** For non-conformities: the marks they set on records and samples (LBloc, NCT, an NCA waiting). */
export {
  markRecord,
  markSample,
  type RecordMarks,
  type SampleMarks,
  setUnresolvedNca,
} from './nonconformity-marks.js';
export { patientInLaboratory } from './patients/queries.js';
export { presentRecord, presentSample } from './present.js';
/** For the record preview of validation: the record read and shown as get-record does. */
export { visibleRecordDetail } from './records/detail.js';
/** For delivery: the record's pending-delivery flags follow its channels. */
export { type PendingDeliveries, setPendingDeliveries } from './records/pending-deliveries.js';
export { presentRecordDetail, recordDetail } from './records/reads.js';
/** The dashboard's tasks (issue 17): what each asks of a record, counted as the tasks list filters. */
export { openRecord, parisMidnight, taskCondition, todayInParis } from './records/tasks.js';
export { type RecordsDeps, recordsRoutes } from './routes.js';
/** Results and ANEs: a sample whose analyses are all done with completes itself (issue 40). */
export { completeFinishedSamples, completeFinishedSamplesOf } from './samples/complete.js';
/** Analysers in download mode (issue 41): told of the samples registered or given analyses. */
export { onSamplesOrdered, type SamplesOrdered } from './samples/ordered.js';
export { sampleInLaboratory, samplesOfRecords } from './samples/queries.js';
export { findVisibleRecord, type RecordRow, reachablePatient, recordScope, visibleRecord } from './scope.js';
/** Status steps, for the actions that own the later ones (validation, delivery). */
export { assertStep, followSamples, moveRecordStatus, moveSampleStatus } from './statuses.js';
