/** The auth module as other modules see it: its services, routes and the password hash the seed needs. */
export { AccessTokens } from './access-token.js';
export { type AccountService, createAccountService } from './account-service.js';
export type { AuthDeps } from './deps.js';
export { authRoutes } from './routes.js';
export { hashPassword } from './secrets.js';
export { SessionCache } from './session-cache.js';
export { createSessionService, type SessionService } from './session-service.js';
export { Throttle, throttleLimits } from './throttle.js';
