/**
 * Documents of a record, rendered without a database: tube labels (PDF and ZPL), the analysis
 * request form, the prescription sheet and the report-service file names. Used by the server's
 * report service and by the workstation agent.
 */
export {
  BILLING_RULE_TEXTS,
  euros,
  FEE_SHEET_TITLE,
  QUOTE_TITLE,
  renderFeeSheet,
  renderQuote,
} from './billing.js';
export * from './format.js';
export { renderBarcodeLabels, renderExternalLabel, renderPasswordLabel } from './labels.js';
export { mergePdfs, pdfPageCount } from './merge.js';
export { A4, LABEL, LABEL_SIZE_MM, type RenderOptions } from './pdf.js';
export { PRESCRIPTION_TITLE, renderPrescriptionSheet } from './prescription.js';
export { printedFamilies, REPORT_TITLES, renderReport, renderReportBatch } from './report.js';
export * from './report-schema.js';
export { groupAnalyses, REQUEST_FORM_TITLE, renderRequestForm } from './request-form.js';
export * from './schemas.js';
export { type ZplOptions, zplForExternalLabel, zplForLabels, zplForPasswordLabel } from './zpl.js';
