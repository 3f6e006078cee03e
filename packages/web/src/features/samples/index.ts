export { samplesTablePage } from './samples-table';
