/** The face of results: what other modules may use (the boundary checker refuses the rest). */
export { resultsRoutes } from './routes.js';
/**
 * For the record preview of validation (each sample's results as the bench reads them) and the
 * result report (one sample's lines read inside the caller's transaction).
 */
export { sampleResults } from './sample-results.js';
