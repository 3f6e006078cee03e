/** A sample's NCT and LBloc with their steps: the samples bench shows it too. */
export { SampleNonconformity } from './nonconformities/sample-nonconformity';
export { RecordPage } from './record-page';
export { recordsTablePage } from './records-table';
/** The tasks of the dashboard (issue 17), listed as records. */
export { TasksPage } from './tasks-page';
export { RecordWizard } from './wizard/record-wizard';
export type { ResourceFormRenderer, ResourceTable } from './wizard/resource-forms';
