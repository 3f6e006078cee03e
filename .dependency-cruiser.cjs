/**
 * The boundaries `npm run lint` checks (docs/architecture.md 'Boundaries'):
 * - no import cycles, anywhere;
 * - a server module (packages/server/src/modules/X, nested folders included) reaches another module
 *   only through that module's index.ts;
 * - a web feature (packages/web/src/features/X) never reaches into another feature, except through
 *   that feature's index.ts when it has one;
 * - the server's lib/ (shared by every module) imports no module.
 */
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
      comment: 'A module uses another module only through its index.ts (its face).',
      from: { path: '^packages/server/src/modules/([^/]+)/' },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: ['^packages/server/src/modules/$1/', '^packages/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-lib-imports-no-module',
      severity: 'error',
      comment: 'lib/ is shared by every module, so it may not depend on any of them.',
      from: { path: '^packages/server/src/lib/' },
      to: { path: '^packages/server/src/modules/' },
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
