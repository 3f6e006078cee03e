/**
 * The boundaries `npm run lint` checks (docs/architecture.md 'Boundaries'):
 * - no import cycles, anywhere;
 * - a server module (packages/server/src/modules/X, nested folders included) reaches another module
 *   only through that module's index.ts;
 * - the server's lib/ (shared by every module) imports no module; no module imports seed/ (the demo
 *   laboratory is written by main.ts, never by a call);
 * - a module reads and writes only its own tables (TABLE_OWNERS below): it reads another's through
 *   the read-only copies of the owner's tables.ts (lib/read-only.ts) and writes them through the
 *   owner's index.ts; the shared tables (SHARED_TABLES) it may import, and their writes are held to
 *   their owners by packages/server/src/table-writes.test.ts, which reads both maps (tableOwners);
 * - a web feature (packages/web/src/features/X) never reaches into another feature, except through
 *   that feature's index.ts when it has one, and never imports the app shell (app/); the shared
 *   lib/ and components/ import no feature;
 * - bench/ measures the server as it ships, so it never imports the server's source (its tests may,
 *   to check the bench's copies of the server's facts).
 */

/**
 * Which server modules own each table file of packages/server/src/db/schema. A module imports a
 * table file only if it owns it, or if the file is shared (SHARED_TABLES).
 */
const TABLE_OWNERS = {
  analysers: ['analysers'],
  audit: ['audit'],
  auth: ['auth'],
  backups: ['backups'],
  billing: ['billing'],
  ciq: ['ciq'],
  delivery: ['delivery'],
  'duplicate-dismissals': ['records'],
  dmp: ['dmp'],
  imports: ['results'],
  nonconformities: ['nonconformities'],
  records: ['records'],
  reports: ['reports'],
  results: ['results'],
  uploads: ['uploads'],
  'validation-rules': ['validation'],
};

/**
 * Read by every module; written only by the modules named (the owners of the writes: the check of
 * writes, packages/server/src/table-writes.test.ts, refuses an insert, update or delete of them
 * anywhere else).
 * - columns: column helpers, no table;
 * - laboratories (written by laboratory) and users (written by users and auth, the account's holder):
 *   every call is scoped by its laboratory and names its authors;
 * - the laboratory's dictionary: catalogue (analyses, parameters), reference (matrices, families,
 *   machines, sample types, collectors), clinics (clinics, prescribers), written by reference's
 *   generic calls, and nabms (the national nomenclature, written by nabms' import and by
 *   reference's generic calls). Every area names and checks what a record asks for with it, in the
 *   same statement as its own rows.
 * system (outbox, system settings) belongs to lib/ and adapters/, outside every module.
 */
const SHARED_TABLES = {
  columns: [],
  laboratories: ['laboratory'],
  users: ['users', 'auth'],
  catalogue: ['reference'],
  reference: ['reference'],
  clinics: ['reference'],
  nabms: ['nabms', 'reference'],
};

const SCHEMA = '^packages/server/src/db/schema/';
const MODULES = '^packages/server/src/modules/';

/** One rule per owned table file: only its owners' folders may import it. */
const tableOwnerRules = Object.entries(TABLE_OWNERS).map(([file, owners]) => ({
  name: `table-owner-${file}`,
  severity: 'error',
  comment: `db/schema/${file}.ts belongs to ${owners.join(', ')}: other modules read it through the owner's tables.ts and write it through its index.ts. backups copies every table.`,
  from: { path: MODULES, pathNot: [...owners, 'backups'].map((owner) => `${MODULES}${owner}/`) },
  to: { path: `${SCHEMA}${file}\\.ts$` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part out.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-insides',
      severity: 'error',
      comment:
        'A module uses another module only through its index.ts (its face) and reads its tables only through its tables.ts (lib/read-only.ts).',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/(index|tables)\\.ts$`],
      },
    },
    {
      name: 'server-lib-imports-no-module',
      severity: 'error',
      comment: 'lib/ is shared by every module, so it may not depend on any of them.',
      from: { path: '^packages/server/src/lib/' },
      to: { path: MODULES },
    },
    {
      name: 'server-module-imports-no-seed',
      severity: 'error',
      comment: 'The demo laboratory is seeded by main.ts at start-up, never by a module.',
      from: { path: MODULES },
      to: { path: '^packages/server/src/seed/' },
    },
    {
      name: 'server-module-imports-table-files',
      severity: 'error',
      comment:
        'A module imports the table file it reads (db/schema/<file>.ts), not the index of every table, so that the owner rules see it. backups alone copies every table.',
      from: { path: MODULES, pathNot: `${MODULES}backups/` },
      to: { path: `${SCHEMA}index\\.ts$` },
    },
    ...tableOwnerRules,
    {
      name: 'table-file-has-owner',
      severity: 'error',
      comment:
        'A new table file in db/schema gets an owner (TABLE_OWNERS) or a reason to be shared (SHARED_TABLES).',
      from: { path: MODULES },
      to: {
        path: SCHEMA,
        pathNot: `${SCHEMA}(${[...Object.keys(TABLE_OWNERS), ...Object.keys(SHARED_TABLES), 'index'].join('|')})\\.ts$`,
      },
    },
    {
      name: 'web-feature-insides',
      severity: 'error',
      comment: "A feature never reaches into another feature's files; only its index.ts, if it has one.",
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: {
        path: '^packages/web/src/features/[^/]+/',
        pathNot: ['^packages/web/src/features/$1/', '^packages/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-feature-imports-no-app',
      severity: 'error',
      comment:
        "The app shell (app/) puts features together; a feature never depends on it. A feature's tests may render it inside the shell's providers, as the app does.",
      from: { path: '^packages/web/src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^packages/web/src/app/' },
    },
    {
      name: 'web-app-uses-feature-face',
      severity: 'error',
      comment: 'The app shell uses a feature only through its index.ts, never its files.',
      from: { path: '^packages/web/src/app/' },
      to: {
        path: '^packages/web/src/features/[^/]+/',
        pathNot: '^packages/web/src/features/[^/]+/index\\.tsx?$',
      },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'lib/ and components/ are shared by every feature, so they may not depend on any of them.',
      from: { path: '^packages/web/src/(lib|components)/' },
      to: { path: '^packages/web/src/features/' },
    },
    {
      name: 'bench-imports-no-server-source',
      severity: 'error',
      comment:
        "The bench measures the server as it ships (its build, over HTTP), not its source; only the bench's tests hold the bench's copies of the server's facts against the source.",
      from: { path: '^bench/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/server/src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      conditionNames: ['import', 'default'],
    },
  },
};

/**
 * The owners of every table file's writes, for the check of writes (table-writes.test.ts). Not
 * enumerable: the checker refuses a configuration key it does not know.
 */
Object.defineProperty(module.exports, 'tableOwners', {
  value: { ...TABLE_OWNERS, ...SHARED_TABLES },
  enumerable: false,
});
