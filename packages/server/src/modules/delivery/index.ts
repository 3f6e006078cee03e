/** The face of delivery: what other modules may use (the boundary checker refuses the rest). */
export { openDeliveries } from './channels.js';
export { createDeliveryService, type DeliveryDeps } from './deps.js';
export { type DmpSender, openDmpSend } from './dmp-channel.js';
export { DROP_RECIPIENT, type ExchangeSender, exchangeDestination } from './exchange.js';
export type { DeliveryJobs } from './job-port.js';
export { deliveryJobsFor } from './jobs.js';
export { createPrintBatches } from './print.js';
export { type DeliveredReport, type ReportProvider, storedReport } from './report.js';
export { deliveryRoutes } from './routes.js';
export { startSendingRunner } from './row-jobs.js';
export type { SecureMessagingSender } from './secure-messaging.js';
export { PermanentFailure } from './send-delivery.js';
export { createSending, type Sending } from './sending.js';
