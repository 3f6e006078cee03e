export { AgentsPage } from './agents-page';
export { AnalysersPage } from './analysers-page';
export { ReconciliationPage } from './reconciliation-page';
export { loadAnalyserTexts } from './texts';
