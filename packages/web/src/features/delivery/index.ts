export { DeliveriesPage } from './deliveries-page';
export { OnlineReportPage } from './online-report-page';
