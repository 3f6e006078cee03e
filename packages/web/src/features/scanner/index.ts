export { ScannerPage } from './scanner-page';
