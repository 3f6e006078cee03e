export { ciqRoutes } from './routes.js';
export { assertControlledMachines } from './service.js';
