/** The face of the report service: the documents of a record. */
export { reportRoutes } from './routes.js';
