import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import type { FileAnswer } from '../../lib/route.js';
import { visibleRecord } from '../records/index.js';
import { type ExchangeDocument, exchangeDocument } from './document.js';
import { buildCda } from './formats/cda/index.js';
import { exchangeFileName } from './formats/common.js';
import { buildXdmPackage } from './formats/xdm/index.js';

/**
 * The IHE XDM package of a validated record's CR-BIO, as secure health messaging (MSSanté) carries
 * it, for a caller who may see the record. The signed PDF is not inside: it travels beside the
 * package (docs/formats/exchange.md, 'The XDM package').
 */
export async function downloadXdmPackage(db: Db, auth: Authenticated, recordId: string): Promise<FileAnswer> {
  const record = await visibleRecord(db, auth, recordId);
  const doc = await exchangeDocument(db, record);
  return {
    filename: exchangeFileName(`${doc.record.number}-V${doc.version}-XDM`, 'zip'),
    contentType: 'application/zip',
    bytes: xdmPackageOf(doc),
  };
}

/** The package of a record's exchange document: downloaded, or sent by secure messaging. */
export function xdmPackageOf(doc: ExchangeDocument): Buffer {
  const laboratory = doc.laboratory.finess
    ? `${doc.laboratory.name} (FINESS ${doc.laboratory.finess})`
    : doc.laboratory.name;
  return buildXdmPackage(buildCda(doc), { laboratory, application: 'SIL' });
}
