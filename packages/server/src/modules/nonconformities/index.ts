/** The face of non-conformities: what other modules may use (the boundary checker refuses the rest). */
export { nonconformityRoutes } from './routes.js';
