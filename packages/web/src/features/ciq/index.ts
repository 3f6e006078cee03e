export { CiqPage } from './ciq-page';
