export { DataManagementPage } from './data-management-page';
