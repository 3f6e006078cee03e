/** The face of delivery: what other modules may use (the boundary checker refuses the rest). */
export { openDeliveries } from './channels.js';
export { type DeliveredReport, type ReportProvider, storedReport } from './report.js';
export { deliveryRoutes } from './routes.js';
export { createSending, type Sending, startSendingRunner } from './sending.js';
export { createDeliveryService } from './service.js';
