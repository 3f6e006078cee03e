import type { SecureMessagingRelay } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { smtpMailer } from '../../adapters/mail.js';
import type { Queryable } from '../../db/open.js';
import { laboratories } from '../../db/schema/laboratories.js';
import { AppError } from '../../lib/errors.js';
import type { OutboundAddresses, ResolvedAddress } from '../../lib/outbound-address.js';
import type { SettingSecrets } from '../../lib/sealed-secret.js';
import { PermanentFailure, type ReportProvider, type SecureMessagingSender } from '../delivery/index.js';
import { records } from '../records/tables.js';
import { exchangeDocument } from './document.js';
import { storedRelay } from './secure-messaging-relay.js';
import { xdmPackageOf } from './xdm-package.js';

/** How long the relay may take to answer before the send is tried again later. */
const RELAY_TIMEOUT_MS = 30_000;

/** The attachment's name MSSanté receivers' software looks for (ANS, 'MSSanté: IHE XDM'). */
export const XDM_ATTACHMENT = 'IHE_XDM.ZIP';

export interface SecureMessagingSenderDeps {
  outbound: OutboundAddresses;
  secrets: SettingSecrets;
  report: ReportProvider;
}

/**
 * A failure in words the laboratory reads on the delivery card: a refusal by the relay (5xx, or
 * its account refused) will not mend by itself and fails at once; anything else (no answer, 4xx)
 * is tried again. The relay's own answer follows the code: it names the reason, never the patient.
 */
function failureOf(error: unknown): Error {
  const { responseCode, response, code, message } = error as {
    responseCode?: number;
    response?: string;
    code?: string;
    message?: string;
  };
  const said = (response ?? message ?? '').slice(0, 300);
  if ((responseCode !== undefined && responseCode >= 500) || code === 'EAUTH')
    return new PermanentFailure(`secureMessagingRefused: ${said}`);
  return new Error(`secureMessagingUnreachable: ${said}`);
}

/** The relay to connect to: its checked address (no second DNS look-up), its name for TLS. */
async function relayServer(deps: SecureMessagingSenderDeps, relay: SecureMessagingRelay) {
  let addresses: ResolvedAddress[];
  try {
    addresses = await deps.outbound.hostAddresses(relay.host, 'secure_messaging_host');
  } catch (error) {
    if (error instanceof AppError) throw new PermanentFailure(error.code);
    throw failureOf(error);
  }
  const address = addresses[0]?.address;
  if (!address) throw failureOf(new Error(`${relay.host} has no address`));
  const password = relay.password_sealed ? deps.secrets.open(relay.password_sealed) : null;
  // A password sealed under another server key reads as none: the relay says whether it needs one.
  return {
    host: address,
    servername: relay.host.replace(/^\[(.*)\]$/, '$1'),
    port: relay.port,
    security: relay.security,
    ...(relay.user ? { auth: { user: relay.user, pass: password ?? '' } } : {}),
    timeoutMs: RELAY_TIMEOUT_MS,
  };
}

/**
 * The 'secure_messaging' sends of the delivery jobs (issue 42): the record's CR-BIO in its IHE XDM
 * package (IHE_XDM.ZIP) with the PDF report beside it, from the laboratory's MSSanté address to the
 * prescriber's, through the laboratory's relay: the same SMTP adapter as e-mail, its own settings.
 */
export function secureMessagingSender(deps: SecureMessagingSenderDeps): SecureMessagingSender {
  return async (q: Queryable, recordId: string, recipient: string) => {
    const [record] = await q.select().from(records).where(eq(records.record_id, recordId));
    if (!record) throw new PermanentFailure('recordNotFound');
    const [laboratory] = await q
      .select({ settings: laboratories.laboratory_settings })
      .from(laboratories)
      .where(eq(laboratories.laboratory_id, record.laboratory_id));
    const relay = storedRelay(laboratory?.settings ?? {});
    if (!relay) throw new PermanentFailure('secureMessagingNotConfigured');
    const doc = await exchangeDocument(q, record);
    const report = await deps.report(q, recordId);
    const mailer = smtpMailer(await relayServer(deps, relay), relay.sender);
    const message = {
      to: recipient,
      subject: `Compte rendu de biologie médicale — dossier ${doc.record.number}`,
      text: [
        'Bonjour,',
        '',
        `Veuillez trouver ci-joint le compte rendu d'examens de biologie médicale du dossier ${doc.record.number}`,
        `(version ${doc.version}) : le document CDA R2 (CR-BIO) dans ${XDM_ATTACHMENT}, et le compte rendu en PDF.`,
        '',
        doc.laboratory.name,
      ].join('\r\n'),
      attachments: [
        { filename: XDM_ATTACHMENT, content: xdmPackageOf(doc), contentType: 'application/zip' },
        { filename: report.filename, content: report.pdf, contentType: 'application/pdf' },
      ],
    };
    try {
      await mailer.send(message);
    } catch (error) {
      throw failureOf(error);
    }
  };
}
