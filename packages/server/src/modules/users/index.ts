/** The users module as other modules see it: the users service and routes, and rights of a user row. */
export { assertCanGrant, rightsColumns, rightsOf, userDataOf } from './rights.js';
export { usersRoutes } from './routes.js';
export { createUsersService, type SessionEnder, type UsersService } from './service.js';
