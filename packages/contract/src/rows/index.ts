export * from './audience.js';
export * from './patient.js';
export * from './record.js';
export * from './reference.js';
export * from './result.js';
export * from './sample.js';
