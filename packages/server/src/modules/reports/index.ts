/** The face of the report service: the documents of a record and its result report. */

export { latestReportFile } from './latest.js';
export { createReportService, type ReportService } from './report-service.js';
export { reportRoutes } from './routes.js';
