import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laboratories, users } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { XDM_FILES } from '../src/modules/exchange/formats/xdm/index.js';
import { apiClient } from './client.js';
import { addGlucosePanel, type GlucosePanel, type Staff, signInStaff, validatedRecord } from './factories.js';
import { codeOf, DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';
import { type ReceivedMail, startSmtpServer } from './smtp.js';

const ACCOUNT = { user: 'labo-relais', pass: 'relais-secret-42' };
const LAB_ADDRESS = 'labo@labo-tilleuls.mssante.fr';
const DOCTOR_ADDRESS = 'louis.girard@medecin.mssante.fr';
const UNKNOWN_ADDRESS = 'inconnu@medecin.mssante.fr';
const CORRECTED_ADDRESS = 'anne.inconnu@medecin.mssante.fr';

/**
 * One attachment of a received message, read from its MIME text: the part whose headers name the
 * file, its base64 body up to the next boundary.
 */
function attachment(mail: ReceivedMail, filename: string): { type: string; bytes: Buffer } {
  const parts = mail.raw.split(/\r?\n--[^\r\n]+/);
  const part = parts.find((each) => each.includes(`filename=${filename}`));
  if (!part) throw new Error(`no ${filename} in the message`);
  const [head = '', ...body] = part.split(/\r?\n\r?\n/);
  const type = /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1] ?? '';
  expect(head).toMatch(/Content-Transfer-Encoding: base64/i);
  return { type, bytes: Buffer.from(body.join('').replace(/\s+/g, ''), 'base64') };
}

/**
 * Secure health messaging (issue 42): a validated record whose prescriber has an MSSanté address
 * goes to them through the laboratory's relay (a real SMTP server here, with its account), from the
 * laboratory's MSSanté address, as IHE_XDM.ZIP; no address, no send; a refused mailbox fails the
 * send at once with its code.
 */
describe.each(DATABASES)('secure messaging on %s', (kind) => {
  let ctx: TestContext;
  let relay: Awaited<ReturnType<typeof startSmtpServer>>;
  let staff: Staff;
  let panel: GlucosePanel;
  let prescribers: { reachable: string; without: string; unknown: string };

  const as = (session: Staff[keyof Staff]) => apiClient(ctx.app, session);
  const deliveriesOf = (recordId: string) => as(staff.secretary).getRecordDeliveries({ record_id: recordId });
  const channelOf = async (recordId: string) =>
    (await deliveriesOf(recordId)).deliveries.find((row) => row.delivery_channel === 'secure_messaging');
  /** The sends are due at once or after their backoff: tests bring the time forward rather than wait. */
  const runSends = async () => {
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(
        sql`UPDATE record_deliveries SET delivery_next_attempt_at = now() - interval '1 second' WHERE delivery_state = 'sending'`,
      ),
    );
    return ctx.app.sending.runDue();
  };
  const addPrescriber = async (surname: string, address?: string) =>
    String(
      (
        await as(staff.admin)
          .reference('prescribers')
          .add({ prescriber_surname: surname, prescriber_name: 'Louis', prescriber_mssante: address })
      ).prescriber_id,
    );
  const recordOf = async (prescriberId: string) =>
    (await validatedRecord(ctx.app, staff, panel, { record_prescriber: prescriberId })).recordId;

  beforeAll(async () => {
    relay = await startSmtpServer({ account: ACCOUNT, refuse: (address) => address === UNKNOWN_ADDRESS });
    ctx = await startTestApp(kind, { OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8' });
    staff = await signInStaff(ctx.app);
    panel = await addGlucosePanel(ctx.app, staff.admin);
    prescribers = {
      reachable: await addPrescriber('GIRARD', DOCTOR_ADDRESS.toUpperCase()),
      without: await addPrescriber('SANSADRESSE'),
      unknown: await addPrescriber('INCONNU', UNKNOWN_ADDRESS),
    };
    const before = await as(staff.admin).getSecureMessaging();
    expect(before.secure_messaging_host).toBeNull();
    await as(staff.admin).updateSecureMessaging({
      secure_messaging_host: '127.0.0.1',
      secure_messaging_port: relay.port,
      secure_messaging_security: 'none',
      secure_messaging_user: ACCOUNT.user,
      secure_messaging_password: ACCOUNT.pass,
      secure_messaging_sender: LAB_ADDRESS,
      laboratory_last_updated: before.laboratory_last_updated,
    });
  }, 120_000);
  afterAll(async () => {
    await stopTestApp(ctx);
    await relay?.stop();
  });

  it('keeps the relay with its password sealed: never answered, never in the settings in clear', async () => {
    const settings = await as(staff.secretary).getSecureMessaging();
    expect(settings).toMatchObject({
      secure_messaging_host: '127.0.0.1',
      secure_messaging_user: ACCOUNT.user,
      secure_messaging_has_password: true,
      secure_messaging_sender: LAB_ADDRESS,
    });
    expect(JSON.stringify(settings)).not.toContain(ACCOUNT.pass);
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.admin_uid, staff.admin.uid));
    const [lab] = await ctx.database.db
      .select({ settings: laboratories.laboratory_settings })
      .from(laboratories)
      .where(eq(laboratories.laboratory_id, String(admin?.laboratory_id)));
    expect(JSON.stringify(lab?.settings)).not.toContain(ACCOUNT.pass);
    const refused = await as(staff.admin).send('updateSecureMessaging', {
      body: {
        secure_messaging_host: '10.1.2.3',
        secure_messaging_port: 465,
        secure_messaging_security: 'tls',
        secure_messaging_user: null,
        secure_messaging_sender: LAB_ADDRESS,
        laboratory_last_updated: settings.laboratory_last_updated,
      },
    });
    expect(codeOf(refused)).toBe('destinationNotAllowed');
    const secretary = await as(staff.secretary).send('updateSecureMessaging', {
      body: { ...settings, secure_messaging_password: 'x' },
    });
    expect(secretary.statusCode).toBe(403);
  });

  it("sends the record's IHE XDM package to the prescriber's MSSanté address, from the laboratory's", async () => {
    const recordId = await recordOf(prescribers.reachable);
    expect(await channelOf(recordId)).toMatchObject({
      delivery_state: 'sending',
      delivery_recipient: DOCTOR_ADDRESS,
    });
    await runSends();
    expect(await channelOf(recordId)).toMatchObject({ delivery_state: 'done', delivery_attempts: 1 });
    const mail = relay.inbox.find((each) => each.to.includes(DOCTOR_ADDRESS));
    if (!mail) throw new Error('the relay received nothing for the prescriber');
    expect(mail).toMatchObject({ from: LAB_ADDRESS, user: ACCOUNT.user, to: [DOCTOR_ADDRESS] });
    expect(mail.raw).toMatch(new RegExp(`^From: ${LAB_ADDRESS}`, 'm'));
    const zip = attachment(mail, 'IHE_XDM.ZIP');
    expect(zip.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(files).sort()).toEqual([
      XDM_FILES.document,
      XDM_FILES.metadata,
      'INDEX.HTM',
      'README.TXT',
    ]);
    const document = Buffer.from(files[XDM_FILES.document] ?? []);
    const cda = document.toString('utf8');
    const metadata = Buffer.from(files[XDM_FILES.metadata] ?? []).toString('utf8');
    const documentId = /<id root="([^"]+)" extension="([^"]+)"\/>\s*<code code="11502-2"/.exec(cda);
    expect(documentId).not.toBeNull();
    expect(metadata).toContain(`value="${documentId?.[1]}^${documentId?.[2]}"`);
    expect(metadata).toContain(`<rim:Value>${createHash('sha1').update(document).digest('hex')}</rim:Value>`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
  });

  it('opens no secure-messaging send for a record whose prescriber has no MSSanté address', async () => {
    const recordId = await recordOf(prescribers.without);
    expect(await channelOf(recordId)).toBeUndefined();
  });

  it('fails at once, with its code, a send the relay refuses; retried by hand to the corrected address', async () => {
    const recordId = await recordOf(prescribers.unknown);
    await runSends();
    const failed = await channelOf(recordId);
    expect(failed).toMatchObject({ delivery_state: 'failed', delivery_attempts: 1 });
    expect(failed?.delivery_last_error).toMatch(/^secureMessagingRefused: /);
    expect(relay.inbox.some((each) => each.to.includes(UNKNOWN_ADDRESS))).toBe(false);

    // The address corrected on the prescriber, a retry by hand sends to it.
    const prescribersTable = as(staff.admin).reference('prescribers');
    const [row] = await prescribersTable.get(prescribers.unknown);
    await prescribersTable.update({
      prescriber_id: prescribers.unknown,
      prescriber_last_updated: row?.prescriber_last_updated,
      prescriber_mssante: CORRECTED_ADDRESS,
    });
    await as(staff.secretary).retryDelivery({ delivery_id: String(failed?.delivery_id) });
    expect(await channelOf(recordId)).toMatchObject({
      delivery_state: 'sending',
      delivery_recipient: CORRECTED_ADDRESS,
    });
    await runSends();
    expect(await channelOf(recordId)).toMatchObject({ delivery_state: 'done' });
    expect(relay.inbox.some((each) => each.to.includes(CORRECTED_ADDRESS))).toBe(true);
  });
});
