import { randomUUID } from 'node:crypto';
import { provideAndRegister, readRegistryResponse } from './dmp-xml.js';

/** One document for the DMP: its XDS metadata (submission set, entry, associations) and its bytes. */
export interface DmpSubmission {
  /** The ebRIM SubmitObjectsRequest, as an XDM package's METADATA.XML, plus the DMP's codes. */
  metadata: string;
  /** The document entry's id in the metadata (`urn:uuid:…`), which names the document. */
  documentEntryId: string;
  /** The CDA R2 document (CR-BIO). */
  document: Buffer;
}

/** What the DMP answered: accepted, or refused with its error code and text (no retry mends it). */
export type DmpAnswer = { status: 'accepted' } | { status: 'refused'; code: string; reason: string };

/** The DMP could not be reached or its answer could not be read: a later try may do better. */
export class DmpUnreachable extends Error {}

/**
 * The national DMP (shared medical record) as the product feeds it: an XDS.b 'Provide and Register
 * Document Set' (IHE ITI-41). Implementations: the web service over HTTP (`httpDmpGateway`, which
 * the local simulator answers in development and tests, docs/dmp.md), or the simulator's rules in
 * process (`dmp-simulator.ts`, the default without DMP_URL).
 */
export interface DmpGateway {
  /** Throws DmpUnreachable on a network failure, a timeout, a 5xx or an unreadable answer. */
  submit(submission: DmpSubmission): Promise<DmpAnswer>;
}

/**
 * ITI-41 over SOAP 1.2 to a URL the operator configured (not a user-set address). A production
 * link adds what only the DMP's homologation gives: mutual TLS with the laboratory's organisation
 * certificate, the VIHF assertion, MTOM (docs/dmp.md, 'Going live').
 */
export function httpDmpGateway(url: string, timeoutMs = 30_000): DmpGateway {
  return {
    async submit(submission) {
      const body = provideAndRegister({ messageId: randomUUID(), ...submission });
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type':
              'application/soap+xml; charset=utf-8; action="urn:ihe:iti:2007:ProvideAndRegisterDocumentSet-b"',
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        throw new DmpUnreachable(`DMP not reached: ${error instanceof Error ? error.message : 'error'}`);
      }
      const answer = readRegistryResponse(await response.text());
      if (!answer) throw new DmpUnreachable(`DMP answered ${response.status} without a registry response`);
      if (answer.success) return { status: 'accepted' };
      return {
        status: 'refused',
        code: answer.error?.code ?? 'XDSRegistryError',
        reason: answer.error?.context ?? '',
      };
    },
  };
}
