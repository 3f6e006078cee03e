/** The face of the laboratory module: its identity, as the report header prints it. */
export { laboratoryRoutes } from './routes.js';
