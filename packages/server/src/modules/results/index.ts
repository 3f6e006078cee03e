/** The face of results: what other modules may use (the boundary checker refuses the rest). */
export {
  ANALYSER_FILE_TYPE,
  analyserCodesOf,
  analyserMappingsOf,
  learnAnalyserMapping,
  replaceAnalyserMappings,
} from './analyser-mappings.js';
export type { ResultAuthor } from './calculation.js';
/** The bench's path for a result sent by an analyser (issue 41): the same rules, its machine as author. */
export { type ResultLineInput, writeSampleResults } from './enter-results.js';
export { resultsRoutes } from './routes.js';
/**
 * For the record preview of validation (each sample's results as the bench reads them) and the
 * result report (one sample's lines read inside the caller's transaction).
 */
export { recordSamplesResults, sampleResults, samplesResults } from './sample-results.js';
