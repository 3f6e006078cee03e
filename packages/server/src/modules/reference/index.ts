/** The face of the reference tables: their bindings and their generated calls. */
export { bindings } from './bindings.js';
export { referenceTableRoutes } from './routes.js';
