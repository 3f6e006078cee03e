export { WorklistsPage } from './worklists-page';
