/**
 * Billing (issue 16), a subpath of the contract ('@sil/contract/billing'): the billing screens take
 * their calls and schemas from here, so they load with those screens (decision 0018); the route
 * table spreads the same calls.
 */
export { billingRoutes } from './routes.js';
export * from './schemas.js';
