import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runChaos } from './chaos.js';
import { runFuzz } from './fuzz.js';
import { measureAnalysers } from './lib/analysers.js';
import { type DatabaseKind, type Figure, rounded, throughputFigure } from './lib/figures.js';
import { measureFirstLoads } from './lib/first-load.js';
import { checkUserData, type LoadOptions, loadLogins, loadUserData, loginAsDemoAdmin } from './lib/http.js';
import { timeImports } from './lib/imports.js';
import { compareNodes } from './lib/node-compare.js';
import { createRunDatabase, dropRunDatabase, POSTGRES_ADMIN_URL } from './lib/postgres.js';
import { loadRecordSearch, loadRegistrations, seedAnalyses } from './lib/records.js';
import { hasNationalTable, importNationalTable, loadNabmPage, timeLoadAll } from './lib/reference.js';
import { measureReportPreview, measureReports } from './lib/reports.js';
import { Results } from './lib/results.js';
import {
  type RunningServer,
  residentMemoryMiB,
  type ServerOptions,
  startServer,
  stopAllServers,
} from './lib/server.js';
import { runScale } from './scale.js';

/** Every figure measured on each database, in order; those not reached are printed as skipped. */
const FIGURES = [
  'cold_start_to_ready',
  'warm_restart_to_ready',
  'login_rps',
  'get_user_data_rps',
  'nabm_import_ms',
  'nabm_reimport_ms',
  'get_nabms_page_rps',
  'get_nabms_load_all_ms',
  'add_patient_rps',
  'get_records_search_rps',
  'results_import_10k_ms',
  'report_preview_ms',
  'server_rss_after_load',
  'login_page_first_load',
  'dashboard_first_load',
] as const;

/** Issue 11's floors for the embedded database: a first start within 10 s, a restart within 2 s. */
const EMBEDDED_START_FLOORS_MS = { cold_start_to_ready: 10_000, warm_restart_to_ready: 2_000 };

/** A start's figure, beside its floor where the embedded database has one. */
function startFigure(
  figure: keyof typeof EMBEDDED_START_FLOORS_MS,
  database: DatabaseKind,
  start: Pick<RunningServer, 'spawnToReadyMs' | 'serverReadyMs'>,
): Figure {
  const measured: Figure = {
    figure,
    database,
    value: start.spawnToReadyMs,
    unit: 'ms',
    server_ready_ms: start.serverReadyMs,
  };
  if (database !== 'pglite') return measured;
  const floor = EMBEDDED_START_FLOORS_MS[figure];
  return { ...measured, floor_ms: floor, meets: start.spawnToReadyMs <= floor };
}

const load: LoadOptions = {
  durationSeconds: Number(process.env.BENCH_DURATION_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
};

/**
 * A first Ctrl-C stops the servers and lets each step end early, so that temporary folders and the
 * run's database are still removed; a second one leaves at once.
 */
const interruption = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interruption.signal.aborted) process.exit(130);
    interruption.abort(new Error(`interrupted by ${signal}`));
    void stopAllServers();
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function benchDatabase(database: DatabaseKind, server: ServerOptions, results: Results): Promise<void> {
  const measured = new Set<string>();
  const record = (figure: Figure) => {
    // A load against a server stopped by an interruption measures nothing.
    interruption.signal.throwIfAborted();
    measured.add(figure.figure);
    results.record(figure);
  };
  try {
    // Cold: an empty database, so the start includes the migrations and the demo laboratory seed.
    const cold = await startServer(server);
    record(startFigure('cold_start_to_ready', database, cold));
    await cold.stop();
    interruption.signal.throwIfAborted();

    const warm = await startServer(server);
    record(startFigure('warm_restart_to_ready', database, warm));

    interruption.signal.throwIfAborted();
    const session = await loginAsDemoAdmin(warm.baseUrl);
    await checkUserData(warm.baseUrl, session);
    record(throughputFigure('login_rps', database, await loadLogins(warm.baseUrl, load)));
    record(throughputFigure('get_user_data_rps', database, await loadUserData(warm.baseUrl, session, load)));

    if (hasNationalTable()) {
      const first = await importNationalTable(warm.baseUrl, session);
      record({
        figure: 'nabm_import_ms',
        database,
        value: rounded(first.ms),
        unit: 'ms',
        acts: first.total,
        added: first.added,
      });
      const again = await importNationalTable(warm.baseUrl, session);
      record({
        figure: 'nabm_reimport_ms',
        database,
        value: rounded(again.ms),
        unit: 'ms',
        unchanged: again.unchanged,
      });
      record(
        throughputFigure('get_nabms_page_rps', database, await loadNabmPage(warm.baseUrl, session, load)),
      );
      const all = await timeLoadAll(warm.baseUrl, session);
      record({
        figure: 'get_nabms_load_all_ms',
        database,
        value: rounded(all.medianMs),
        unit: 'ms',
        rows: all.rows,
        bytes: all.bytes,
      });
    }

    const analysisIds = await seedAnalyses(warm.baseUrl, session);
    record(
      throughputFigure(
        'add_patient_rps',
        database,
        await loadRegistrations(warm.baseUrl, session, analysisIds, load),
      ),
    );
    record(
      throughputFigure(
        'get_records_search_rps',
        database,
        await loadRecordSearch(warm.baseUrl, session, load),
      ),
    );

    const imported = await timeImports(warm.baseUrl, session);
    record({
      figure: 'results_import_10k_ms',
      database,
      value: rounded(imported.importMs),
      unit: 'ms',
      preview_ms: rounded(imported.previewMs),
      values: imported.values,
      written: imported.written,
      file_bytes: imported.bytes,
    });

    record(await measureReportPreview(warm.baseUrl, session, database));

    const rss = await residentMemoryMiB(warm.pid);
    if (rss === undefined) throw new Error(`no /proc/${warm.pid}/status to read the memory from`);
    record({ figure: 'server_rss_after_load', database, value: rounded(rss), unit: 'MiB' });
    // The browser side does not depend on the database: measured once, on the embedded one.
    if (database === 'pglite') {
      for (const figure of await measureFirstLoads(warm.baseUrl, database)) record(figure);
    }
    await warm.stop();
  } catch (error) {
    if (interruption.signal.aborted) return;
    for (const figure of FIGURES) {
      if (!measured.has(figure)) results.record({ figure, database, skipped: errorMessage(error) });
    }
  } finally {
    await stopAllServers();
  }
}

async function benchEmbedded(results: Results): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sil-bench-pglite-'));
  try {
    await benchDatabase('pglite', { dataDir }, results);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(results: Results): Promise<void> {
  let database: { name: string; url: string };
  try {
    database = await createRunDatabase();
  } catch (error) {
    const reason = `PostgreSQL unreachable at ${POSTGRES_ADMIN_URL}: ${errorMessage(error)}`;
    for (const figure of FIGURES) results.record({ figure, database: 'postgres', skipped: reason });
    return;
  }
  // The server still keeps its signing secret and local files in a data folder.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sil-bench-postgres-'));
  try {
    await benchDatabase('postgres', { dataDir, databaseUrl: database.url }, results);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await dropRunDatabase(database.name).catch((error: unknown) => {
      process.stderr.write(`could not drop ${database.name}: ${errorMessage(error)}\n`);
    });
  }
}

async function benchAll(): Promise<void> {
  const startedAt = new Date();
  const results = new Results();
  try {
    await benchEmbedded(results);
    if (!interruption.signal.aborted) await benchPostgres(results);
    if (!interruption.signal.aborted) for (const figure of await measureReports()) results.record(figure);
  } finally {
    await stopAllServers();
  }
  if (interruption.signal.aborted) return;
  const file = await results.write(startedAt);
  process.stderr.write(`figures written to ${path.relative(process.cwd(), file)}\n`);
}

// `npm run bench -- --scale`: the 1 M-record laboratory on PostgreSQL instead of the everyday figures;
// `npm run bench -- --fuzz`: generated and mutated requests on every route (fuzz.ts);
// `npm run bench -- --reports`: the result report's PDF alone and a 200-report print batch.
async function benchReports(): Promise<void> {
  const startedAt = new Date();
  const results = new Results('reports-latest.json');
  for (const figure of await measureReports()) results.record(figure);
  // The same report through the API, on the embedded database's demo laboratory.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sil-bench-reports-'));
  try {
    const server = await startServer({ dataDir });
    const session = await loginAsDemoAdmin(server.baseUrl);
    results.record(await measureReportPreview(server.baseUrl, session, 'pglite'));
    await server.stop();
  } finally {
    await stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
  }
  const file = await results.write(startedAt);
  process.stderr.write(`figures written to ${path.relative(process.cwd(), file)}\n`);
}

// `npm run bench -- --node-compare`: the in-process figures on the project's Node and on the system's.
async function benchNodes(): Promise<void> {
  const startedAt = new Date();
  const results = new Results('node-compare-latest.json');
  for (const figure of await compareNodes()) results.record(figure);
  const file = await results.write(startedAt);
  process.stderr.write(`figures written to ${path.relative(process.cwd(), file)}\n`);
}

const ANALYSER_FIGURES = ['analyser_results_per_s', 'analyser_eot_to_api_ms'];

/** The analyser figures on one server; a failure prints them as skipped with its reason. */
async function benchAnalysersOn(database: DatabaseKind, server: ServerOptions, results: Results) {
  try {
    const running = await startServer(server);
    const session = await loginAsDemoAdmin(running.baseUrl);
    for (const figure of await measureAnalysers(running.baseUrl, session, database)) results.record(figure);
    await running.stop();
  } catch (error) {
    if (interruption.signal.aborted) return;
    for (const figure of ANALYSER_FIGURES) results.record({ figure, database, skipped: errorMessage(error) });
  } finally {
    await stopAllServers();
  }
}

// `npm run bench -- --analysers`: issue 41's figures, analyser → agent → server, on both databases.
async function benchAnalysers(): Promise<void> {
  const startedAt = new Date();
  const results = new Results('analysers-latest.json');
  const embedded = await mkdtemp(path.join(os.tmpdir(), 'sil-bench-analysers-'));
  try {
    await benchAnalysersOn('pglite', { dataDir: embedded }, results);
  } finally {
    await rm(embedded, { recursive: true, force: true });
  }
  if (interruption.signal.aborted) return;
  let database: { name: string; url: string } | undefined;
  try {
    database = await createRunDatabase();
  } catch (error) {
    const reason = `PostgreSQL unreachable at ${POSTGRES_ADMIN_URL}: ${errorMessage(error)}`;
    for (const figure of ANALYSER_FIGURES) results.record({ figure, database: 'postgres', skipped: reason });
  }
  if (database) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sil-bench-analysers-pg-'));
    try {
      await benchAnalysersOn('postgres', { dataDir, databaseUrl: database.url }, results);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await dropRunDatabase(database.name).catch(() => undefined);
    }
  }
  if (interruption.signal.aborted) return;
  const file = await results.write(startedAt);
  process.stderr.write(`figures written to ${path.relative(process.cwd(), file)}\n`);
}

try {
  if (process.argv.includes('--scale')) await runScale(interruption.signal);
  // `npm run bench -- --chaos`: the deployment recipe under load while copies and the replica fail.
  else if (process.argv.includes('--chaos')) await runChaos(interruption.signal);
  else if (process.argv.includes('--node-compare')) await benchNodes();
  else if (process.argv.includes('--reports')) await benchReports();
  else if (process.argv.includes('--analysers')) await benchAnalysers();
  else if (process.argv.includes('--fuzz')) await runFuzz(process.argv.slice(2));
  else await benchAll();
} catch (error) {
  if (!interruption.signal.aborted) throw error;
}
if (interruption.signal.aborted) {
  process.stderr.write('interrupted: no figures written\n');
  process.exit(130);
}
