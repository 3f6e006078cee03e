export { ImportPage } from './import-page';
