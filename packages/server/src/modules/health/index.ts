export { healthRoutes } from './routes.js';
