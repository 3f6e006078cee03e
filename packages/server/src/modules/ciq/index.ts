export { machineSettings } from './queries.js';
export { ciqRoutes } from './routes.js';
export { assertControlledMachines, openRun, writeRunValues } from './service.js';
