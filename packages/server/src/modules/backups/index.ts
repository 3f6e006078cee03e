export { makeBackup } from './commands/make-backup.js';
export { setBackupPassphrase } from './commands/set-backup-passphrase.js';
export { backupFile, listBackups } from './reads.js';
export { restoreLaboratory } from './restore.js';
export { backupRoutes } from './routes.js';
export { type BackupScheduler, backupFailed, createBackupScheduler } from './schedule.js';
export { type BackupDeps, createBackupService } from './store.js';
