/** The users module as other modules see it: its routes and what they need, and rights of a user row. */
export type { SessionEnder, UsersDeps } from './change-access.js';
export { assertCanGrant, rightsColumns, rightsOf, userDataOf } from './rights.js';
export { usersRoutes } from './routes.js';
