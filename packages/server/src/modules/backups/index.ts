export { backupRoutes } from './routes.js';
export { createBackupService, dumpLaboratory, restoreLaboratory } from './service.js';
