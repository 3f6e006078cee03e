/** The face of validation: what other modules may use (the boundary checker refuses the rest). */
export { validationRoutes } from './routes.js';
export type { ValidationDeps } from './validate.js';
