export * from './audit.js';
export * from './auth.js';
export * from './clinics.js';
export * from './laboratories.js';
export * from './nabms.js';
export * from './reference.js';
export * from './system.js';
export * from './users.js';
