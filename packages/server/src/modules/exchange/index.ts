/** The face of result exchange: the export route and the sender the delivery jobs use. */
export { type DmpDocument, dmpDocument } from './dmp-submission.js';
export { type ExchangeDocument, exchangeDocument } from './document.js';
export { buildExchange } from './formats/index.js';
export { isIdentifiedRoot, laboratoryOidRoot } from './laboratory-oid.js';
export { exchangeRoutes } from './routes.js';
export { secureMessagingSender } from './secure-messaging.js';
export type { SecureMessagingDeps } from './secure-messaging-relay.js';
export { exchangeSender } from './service.js';
