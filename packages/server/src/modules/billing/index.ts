/** The face of billing: its routes (the boundary checker refuses the rest). */
export { billingRoutes } from './routes.js';
