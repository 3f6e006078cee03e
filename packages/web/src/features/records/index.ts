export { RecordPage } from './record-page';
export { recordsTablePage } from './records-table';
export { RecordWizard } from './wizard/record-wizard';
export type { ResourceFormRenderer, ResourceTable } from './wizard/resource-forms';
