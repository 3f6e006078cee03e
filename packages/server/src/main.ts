import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { type Database, openDatabase } from './db/open.js';
import { unsupportedNodeMessage } from './runtime.js';
import { DEMO_PASSWORD, seedDemo } from './seed/demo.js';
import { seedDemoRecords } from './seed/demo-records.js';

const refusal = unsupportedNodeMessage();
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

const config = loadConfig();
const started = Date.now();
let database: Database;
try {
  database = await openDatabase({
    url: config.DATABASE_URL,
    readUrl: config.DATABASE_READ_URL,
    maxReadLagSeconds: config.DATABASE_READ_MAX_LAG_SECONDS,
    dataDir: config.dataDir,
    // Connection-level failures only: the message names no query and no parameter.
    onConnectionError: (error) => console.error(`Idle database connection lost: ${error.message}`),
  });
} catch (error) {
  // A refused start is the operator's to fix: say why in one line, without a stack trace.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const catalogue = config.SEED_DEMO_CATALOGUE;
const seeded = config.SEED_DEMO && (await seedDemo(database.db, { catalogue }));
const app = await buildApp({ config, db: database.db });
// The demo records go through the API, so they wait for the app; only on the first start.
if (seeded && catalogue) await seedDemoRecords(app, 'biologiste@demo.lab', DEMO_PASSWORD);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'Shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

const address = await app.listen({ port: config.PORT, host: config.HOST });
app.log.info({ address, database: database.kind, ready_ms: Date.now() - started }, 'Server listening');
