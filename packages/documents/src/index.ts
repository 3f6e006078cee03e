/**
 * Documents of a record, rendered without a database: tube labels (PDF and ZPL), the analysis
 * request form, the prescription sheet and the report-service file names. Used by the server's
 * report service and by the workstation agent.
 */
export * from './format.js';
export { renderBarcodeLabels, renderExternalLabel, renderPasswordLabel } from './labels.js';
export { A4, LABEL, LABEL_SIZE_MM, type RenderOptions } from './pdf.js';
export { PRESCRIPTION_TITLE, renderPrescriptionSheet } from './prescription.js';
export { groupAnalyses, REQUEST_FORM_TITLE, renderRequestForm } from './request-form.js';
export { RESULTS_SUMMARY_TITLE, type ResultsSummaryInput, renderResultsSummary } from './results-summary.js';
export * from './schemas.js';
export { type ZplOptions, zplForExternalLabel, zplForLabels, zplForPasswordLabel } from './zpl.js';
