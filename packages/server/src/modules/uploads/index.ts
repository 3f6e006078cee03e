/** The face of uploads: files attached to records and patients. */
export type { UploadDeps } from './deps.js';
/** For the documents of a record: the prescription scan and the files its report carries. */
export { latestPrescription, reportAttachments } from './reads.js';
export { uploadRoutes } from './routes.js';
