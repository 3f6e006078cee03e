/** The face of results: what other modules may use (the boundary checker refuses the rest). */
export { resultsRoutes } from './routes.js';
