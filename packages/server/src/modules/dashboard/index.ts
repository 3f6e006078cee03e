/** The face of the dashboard: what other modules may use. */
export { dashboardRoutes } from './routes.js';
