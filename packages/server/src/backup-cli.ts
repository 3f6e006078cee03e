import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupObjectsFromConfig, fileStorageFromConfig } from './adapters/storage-config.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { laboratories } from './db/schema/laboratories.js';
import { AppError } from './lib/errors.js';
import {
  backupFile,
  createBackupService,
  listBackups,
  makeBackup,
  restoreLaboratory,
  setBackupPassphrase,
} from './modules/backups/index.js';

const USAGE = `Backups of a laboratory's data (README, 'Backups'):
  npm run backup -w @sil/server -- create [--laboratory ID] [--tables a,b] [--out FILE]
  npm run backup -w @sil/server -- list [--laboratory ID]
  npm run backup -w @sil/server -- restore FILE [--passphrase-file FILE]
  npm run backup -w @sil/server -- set-passphrase [--laboratory ID] [--passphrase-file FILE]
The database is the server's (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first),
the stored files its STORAGE_DIR. Backups are encrypted with the laboratory's passphrase (set in the
app or by set-passphrase); restore and set-passphrase read it from --passphrase-file or from
BACKUP_PASSPHRASE, never from the command line (it would stay in the shell's history). A restore
into an installation without the laboratory writes it whole; into the laboratory still there, the
rows and files it lost. It ends with the counts compared.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    laboratory: { type: 'string' },
    tables: { type: 'string' },
    out: { type: 'string' },
    'passphrase-file': { type: 'string' },
  },
});
const [command, file] = positionals;
if (
  !command ||
  !['create', 'list', 'restore', 'set-passphrase'].includes(command) ||
  (command === 'restore' && !file)
) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
const storage = await fileStorageFromConfig(config);
const backups = createBackupService(
  database.db,
  await backupObjectsFromConfig(config, (message) => console.warn(message)),
  storage,
);
const here = (name: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), name);

/** The passphrase from its file (one line) or the environment. */
async function passphrase(): Promise<string> {
  const file = values['passphrase-file'];
  const given = file
    ? (await readFile(here(file), 'utf8')).replace(/\r?\n$/, '')
    : process.env.BACKUP_PASSPHRASE;
  if (!given) throw new Error('the backup passphrase is needed: --passphrase-file FILE or BACKUP_PASSPHRASE');
  return given;
}

/** The laboratory named, or the only one there is. */
async function laboratoryId(): Promise<string> {
  if (values.laboratory) return values.laboratory;
  const all = await database.db.select({ id: laboratories.laboratory_id }).from(laboratories);
  if (all.length === 1 && all[0]) return all[0].id;
  throw new Error(`--laboratory is needed: this database holds ${all.length} laboratories`);
}

try {
  if (command === 'create') {
    const lab = await laboratoryId();
    const row = await makeBackup(backups, lab, values.tables?.split(','));
    if (values.out) await writeFile(here(values.out), (await backupFile(backups, lab, row.backup_id)).bytes);
    console.log(JSON.stringify(row, null, 2));
  } else if (command === 'list') {
    console.log(JSON.stringify(await listBackups(backups, await laboratoryId()), null, 2));
  } else if (command === 'set-passphrase') {
    console.log(JSON.stringify(await setBackupPassphrase(backups, await laboratoryId(), await passphrase())));
  } else if (file) {
    const report = await restoreLaboratory(database.db, storage, await readFile(here(file)), {
      passphrase: await passphrase(),
    });
    for (const [part, count] of [
      ...Object.entries(report.restore_tables),
      ['files', report.restore_files] as const,
    ])
      console.log(
        `${part}: ${count.expected} in the backup, ${count.written} written, ${count.present} already there`,
      );
    console.log(JSON.stringify(report));
  }
} catch (error) {
  // Catalogue errors are the operator's to read: the code and its details, not a stack. Anything
  // else is named by its class and database code only: a driver's message may quote a patient's row.
  const { code } = (error ?? {}) as { code?: unknown };
  console.error(
    error instanceof AppError
      ? `${error.code} ${JSON.stringify(error.details)}`
      : `${error instanceof Error ? error.name : 'error'}${typeof code === 'string' ? ` ${code}` : ''}${
          error instanceof Error && !(typeof code === 'string') ? `: ${error.message}` : ''
        }`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
