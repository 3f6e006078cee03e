export * from './auth.js';
export * from './errors.js';
export * from './fields.js';
export * from './permissions.js';
export * from './routes.js';
export * from './web-routes.js';
export * from './reference/entities.js';
export * from './reference/list.js';
