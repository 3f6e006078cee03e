/** The face of uploads: files attached to records and patients. */
export { uploadRoutes } from './routes.js';
export { createUploadService, type UploadService } from './service.js';
