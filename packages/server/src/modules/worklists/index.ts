/** The face of work lists: what other modules may use. */
export { worklistRoutes } from './routes.js';
