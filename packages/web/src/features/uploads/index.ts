export { UploadsPage } from './uploads-page';
