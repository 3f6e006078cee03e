/** The face of the laboratory module: its identity, as the report header prints it. */
export { laboratoryRoutes } from './routes.js';
/** For the modules that keep their configuration in the laboratory's settings (exchange). */
export { changeLaboratorySettings } from './settings.js';
