export { assertControlledMachines } from './controlled-machines.js';
export { openRun } from './open-run.js';
export { machineSettings } from './queries.js';
export { ciqRoutes } from './routes.js';
export { writeRunValues } from './run-values.js';
