/** The face of the DMP feed (docs/dmp.md): opened at validation, sent by the delivery jobs. */
export { openDmpFeed } from './open-feed.js';
export { dmpRoutes } from './routes.js';
export { dmpSender } from './send.js';
