export { makeBackup } from './commands/make-backup.js';
export { setBackupPassphrase } from './commands/set-backup-passphrase.js';
export { backupFile, listBackups } from './reads.js';
export { restoreLaboratory } from './restore.js';
export { backupRoutes } from './routes.js';
export { backupFailed } from './schedule-row.js';
export { type BackupScheduler, createBackupScheduler } from './scheduler.js';
export { type BackupDeps, createBackupService } from './store.js';
