export { type CdaHeader, readCdaHeader } from './cda-header.js';
export { buildXdmPackage, XDM_FILES, type XdmOptions, type XdmSender } from './package.js';
