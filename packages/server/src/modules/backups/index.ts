export { backupRoutes } from './routes.js';
export { type BackupScheduler, backupFailed, createBackupScheduler } from './schedule.js';
export { createBackupService, dumpLaboratory, restoreLaboratory } from './service.js';
