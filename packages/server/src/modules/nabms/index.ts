/** The face of the national NABM table import. */
export { nabmImportRoutes } from './routes.js';
