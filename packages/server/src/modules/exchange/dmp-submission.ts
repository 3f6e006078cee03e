import { createHash, randomUUID } from 'node:crypto';
import type { ExchangeDocument } from './document.js';
import { buildCda } from './formats/cda/index.js';
import { readCdaHeader } from './formats/xdm/cda-header.js';
import { withDmpMetadata } from './formats/xdm/dmp-metadata.js';
import { xdmMetadata } from './formats/xdm/metadata.js';
import { documentUniqueId } from './formats/xdm/values.js';

/** What goes to the DMP for one version of a record's report. */
export interface DmpDocument {
  /** The CR-BIO (CDA R2). */
  cda: string;
  /** The XDS submission: set, document entry (confidentiality codes included), RPLC association. */
  metadata: string;
  /** The entry's UUID: the registry keeps it, and a later version replaces it by it. */
  entryUuid: string;
  /** The document's XDS uniqueId (`root^extension`, its CDA id). */
  uniqueId: string;
}

/**
 * The DMP submission of a validated record's report: the CR-BIO, and its XDS metadata derived from
 * the CDA's header exactly as the XDM package's (formats/xdm/metadata.ts), plus the DMP's
 * INVISIBLE_PATIENT code when the results must wait for a consultation and, for an amended
 * version, the RPLC association to the entry it replaces.
 */
export function dmpDocument(
  doc: ExchangeDocument,
  options: {
    invisibleToPatient: boolean;
    replacesEntryUuid?: string;
    entryUuid?: string;
    submittedAt?: Date;
  },
): DmpDocument {
  const cda = buildCda(doc);
  const bytes = Buffer.from(cda, 'utf8');
  const header = readCdaHeader(cda);
  const entryUuid = options.entryUuid ?? randomUUID();
  const metadata = xdmMetadata(header, {
    submittedAt: options.submittedAt ?? new Date(),
    submissionSetUuid: randomUUID(),
    documentUuid: entryUuid,
    hash: createHash('sha1').update(bytes).digest('hex'),
    size: bytes.length,
    // A repository names the document itself: no URI in a Provide and Register.
    uri: '',
  });
  return {
    cda,
    metadata: withDmpMetadata(metadata, options),
    entryUuid,
    uniqueId: documentUniqueId(header),
  };
}
