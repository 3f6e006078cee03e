/** The face of results: what other modules may use (the boundary checker refuses the rest). */
export { resultsRoutes } from './routes.js';
/** For the record preview of validation: each sample's results as the bench reads them. */
export { createResultService } from './service.js';
