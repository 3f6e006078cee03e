import { createPrivateKey, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:https';
import type { InsLookupAnswer } from '@sil/contract';
import { fail } from '../lib/errors.js';
import type { InsiClient, InsTraits } from './insi.js';
import {
  INSI_SEARCH_ACTION,
  type InsiSoftware,
  readSearchAnswer,
  type SearchOutcome,
  searchEnvelope,
  UnreadableAnswer,
} from './insi-soap-message.js';
import { signedAssertion, type VihfSigner } from './insi-vihf.js';

/** The organisation certificate of the laboratory, as a PKCS#12 file or as PEM key and certificate. */
export type InsiCertificate =
  | { pfx: Buffer; passphrase?: string }
  | { key: string; cert: string; passphrase?: string };

export interface SoapInsiOptions {
  /** The teleservice endpoint (the test platform first, production after the conformity tests). */
  url: string;
  /** Client certificate for mutual TLS, and the key that signs the identity assertion. */
  certificate: InsiCertificate;
  software: InsiSoftware;
  /** The laboratory's FINESS number: sender of the context headers and subject of the assertion. */
  structureId: string;
  /** Milliseconds before a call is given up. */
  timeoutMs: number;
  /**
   * Send a VIHF assertion signed with the organisation key in the WS-Security header (default true).
   * It needs the PEM form of the certificate: Node cannot take a private key out of a PKCS#12 file.
   */
  assertion?: boolean;
  /**
   * Activity sector of the laboratory in the assertion, a code of the national table of activity
   * sectors (SAxx); left out of the assertion when absent.
   */
  activitySector?: string;
  /** Authorities trusted for the teleservice's own certificate; Node's list when absent. */
  ca?: string | Buffer;
  /** Fixed by tests; the current time otherwise. */
  now?: () => Date;
}

/** What went wrong, for the server log and the error details; never patient traits. */
type Failure = { reason: 'timeout' | 'network' | 'http' | 'fault' | 'unreadable'; [key: string]: unknown };

const notFound = (failure: Failure): never => fail('insInfoNotFound', { teleservice: failure });

function post(url: string, agent: Agent, body: string, timeoutMs: number) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        agent,
        timeout: timeoutMs,
        headers: {
          // SOAP 1.2 carries the action in the content type.
          'content-type': `application/soap+xml; charset=utf-8; action="${INSI_SEARCH_ACTION}"`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    // The socket timeout covers a silent server; the overall one covers a server that trickles.
    const overall = setTimeout(() => call.destroy(new TimeoutError()), timeoutMs);
    call.on('timeout', () => call.destroy(new TimeoutError()));
    call.on('error', (error) => {
      clearTimeout(overall);
      reject(error);
    });
    call.on('close', () => clearTimeout(overall));
    call.end(body);
  });
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

function assertionSigner(options: SoapInsiOptions): VihfSigner | null {
  if (options.assertion === false) return null;
  const { certificate } = options;
  if (!('key' in certificate)) {
    throw new Error(
      'The INSi identity assertion is signed with the PEM key and certificate; convert the PKCS#12 file ' +
        'or turn the assertion off for TLS-only authentication.',
    );
  }
  return {
    key: createPrivateKey(
      certificate.passphrase === undefined
        ? certificate.key
        : { key: certificate.key, passphrase: certificate.passphrase },
    ),
    certificate: certificate.cert,
  };
}

/**
 * The real INSi teleservice behind the same interface as the simulator: one SOAP call per search,
 * mutual TLS with the laboratory's organisation certificate, and optionally a signed VIHF assertion.
 * Every technical failure (fault, HTTP error, timeout, unreadable answer) becomes insInfoNotFound,
 * so the front desk sees that the national service could not answer, never a partial identity.
 */
export function soapInsi(options: SoapInsiOptions): InsiClient {
  const signer = assertionSigner(options);
  const agent = new Agent({
    keepAlive: true,
    ...('pfx' in options.certificate
      ? { pfx: options.certificate.pfx }
      : { key: options.certificate.key, cert: options.certificate.cert }),
    ...(options.certificate.passphrase === undefined ? {} : { passphrase: options.certificate.passphrase }),
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  });
  const now = options.now ?? (() => new Date());

  async function search(traits: InsTraits, firstName: string): Promise<InsLookupAnswer> {
    const at = now();
    const assertion = signer
      ? signedAssertion(signer, {
          structureId: options.structureId,
          nameQualifier: 'FINESS',
          attributes: options.activitySector ? [['secteurActivite', options.activitySector]] : [],
          issueInstant: at,
        })
      : undefined;
    const envelope = searchEnvelope({
      request: {
        birthName: traits.last_name,
        firstName,
        sex: traits.sex,
        birthDate: traits.birthday,
        ...(traits.birth_place ? { birthPlace: traits.birth_place.toUpperCase() } : {}),
      },
      software: options.software,
      emitter: options.structureId,
      messageId: randomUUID(),
      contextId: randomUUID(),
      now: at,
      ...(assertion ? { assertion } : {}),
    });

    let reply: { status: number; text: string };
    try {
      reply = await post(options.url, agent, envelope, options.timeoutMs);
    } catch (error) {
      return notFound(
        error instanceof TimeoutError
          ? { reason: 'timeout', afterMs: options.timeoutMs }
          : { reason: 'network', message: error instanceof Error ? error.message : String(error) },
      );
    }
    let outcome: SearchOutcome;
    try {
      outcome = readSearchAnswer(reply.text);
    } catch (error) {
      if (!(error instanceof UnreadableAnswer)) throw error;
      return notFound(
        reply.status >= 200 && reply.status < 300
          ? { reason: 'unreadable', message: error.message }
          : { reason: 'http', status: reply.status },
      );
    }
    if (outcome.kind === 'fault')
      return notFound({ reason: 'fault', status: reply.status, fault: outcome.fault });
    return outcome.answer;
  }

  return {
    /**
     * Each first name alone, then all of them, until one identity is found: the teleservice compares
     * the first name it is given with the first names it holds, and a patient may be registered under
     * any of theirs. Several identities on one try and none on the others still answers 3.
     */
    async lookup(traits) {
      const names = traits.first_name.trim().split(/\s+/);
      const tries = names.length > 1 ? [...names, names.join(' ')] : names;
      let several = false;
      for (const firstName of tries) {
        const answer = await search(traits, firstName);
        if (answer.i_insIdentityResult === 2) return answer;
        if (answer.i_insIdentityResult === 3) several = true;
      }
      return several
        ? { i_insIdentityResult: 3, Identity: null }
        : { i_insIdentityResult: 1, Identity: null };
    },
  };
}
