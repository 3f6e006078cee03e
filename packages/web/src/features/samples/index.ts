export { samplesTablePage } from './samples-page';
