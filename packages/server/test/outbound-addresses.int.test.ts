import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { laboratories, prescribers, pushSubscriptions, users } from '../src/db/schema/index.js';
import {
  call,
  codeOf,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';
import { startLocalEndpoint } from './local-endpoint.js';
import { localNames } from './local-names.js';

type Json = Record<string, unknown>;

/** The destinations every user-set address must refuse (issue 38); the `.test` names resolve through the test resolver. */
const INTERNAL = (port: number) => [
  `http://127.0.0.1:${port}/in`,
  `http://[::1]:${port}/in`,
  'http://10.0.0.1/in',
  'http://169.254.169.254/latest/meta-data/',
  `http://localhost:${port}/in`,
  'https://loopback.test/in',
  'https://intranet.test/in',
  'http://[::ffff:127.0.0.1]/in',
];

const RESOLVER = localNames({
  'loopback.test': ['127.0.0.1'],
  // A name with a public and a private address: one non-public address is enough to refuse it.
  'intranet.test': ['93.184.215.14', '10.20.30.40'],
  'public.test': ['93.184.215.14'],
});

/** A browser's push subscription keys (web-push encrypts for them). */
const browserKeys = () => {
  const key = createECDH('prime256v1');
  key.generateKeys();
  return { p256dh: key.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

const vapid = webPush.generateVAPIDKeys();
const VAPID = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:it@lab.example',
};

/**
 * Server-side request forgery (issue 38): every address the server calls on a user's word, the
 * exchange destinations (the laboratory's and each prescriber's) and Web Push endpoints, is refused
 * with destinationNotAllowed when set if it lands on a non-public network, and refused again when
 * sent to; a redirect is never followed. Nothing here sends a packet past this machine: the
 * non-loopback addresses are refused on the address alone, before any connection.
 */
describe.each(DATABASES)('addresses users set on %s', (kind) => {
  describe('without an allow-list', () => {
    let ctx: TestContext;
    let admin: Session;
    let clinic: Session;
    let prescriberId: string;
    // A live endpoint on this machine: a refused address must never reach it.
    const reached: string[] = [];
    let probe: Awaited<ReturnType<typeof startLocalEndpoint>>;
    let port: number;

    beforeAll(async () => {
      probe = await startLocalEndpoint('/in', (_body, request, response) => {
        reached.push(request.url ?? '');
        response.writeHead(201).end();
      });
      port = Number(new URL(probe.url).port);
      ctx = await startTestApp(kind, VAPID, { overrides: { resolveHost: RESOLVER } });
      admin = await login(ctx.app, 'admin@demo.lab');
      clinic = await login(ctx.app, 'clinique@demo.lab');
      const [row] = await ctx.database.db
        .select({ id: prescribers.prescriber_id })
        .from(prescribers)
        .innerJoin(users, eq(users.laboratory_id, prescribers.laboratory_id))
        .where(eq(users.admin_uid, admin.uid))
        .limit(1);
      prescriberId = String(row?.id);
    });
    afterAll(async () => {
      await stopTestApp(ctx);
      await probe?.stop();
    });

    const destination = async () => {
      const answer = await call(ctx.app, admin, 'getExchangeDestination');
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Json>();
    };
    const storedSettings = async () => {
      const [row] = await ctx.database.db
        .select({ settings: laboratories.laboratory_settings })
        .from(laboratories)
        .innerJoin(users, eq(users.laboratory_id, laboratories.laboratory_id))
        .where(eq(users.admin_uid, admin.uid));
      return row?.settings;
    };
    const updateDestination = (payload: Json) =>
      call(ctx.app, admin, { method: 'PUT', url: '/api/update-exchange-destination', payload });

    it("refuses each internal exchange destination, the laboratory's and a prescriber's, when it is set", async () => {
      const current = await destination();
      const before = await storedSettings();
      const body = {
        exchange_format: 'hl7',
        exchange_url: null,
        exchange_prescribers: [],
        laboratory_last_updated: current.laboratory_last_updated,
      };
      for (const url of INTERNAL(port)) {
        const own = await updateDestination({ ...body, exchange_url: url });
        expect([own.statusCode, codeOf(own)], url).toEqual([400, 'destinationNotAllowed']);
        expect(own.json(), url).toMatchObject({ details: { field: 'exchange_url' } });
        const theirs = await updateDestination({
          ...body,
          exchange_prescribers: [{ prescriber_id: prescriberId, exchange_format: 'fhir', exchange_url: url }],
        });
        expect([theirs.statusCode, codeOf(theirs)], url).toEqual([400, 'destinationNotAllowed']);
        expect(theirs.json(), url).toMatchObject({
          details: { field: 'exchange_prescribers.0.exchange_url' },
        });
      }
      expect(await storedSettings()).toEqual(before);
      expect(reached).toEqual([]);
    });

    it('keeps a public destination, and one whose name does not resolve yet', async () => {
      const current = await destination();
      const saved = await updateDestination({
        exchange_format: 'hl7',
        exchange_url: 'https://public.test/hl7',
        exchange_prescribers: [
          {
            prescriber_id: prescriberId,
            exchange_format: 'fhir',
            exchange_url: 'https://results.example/fhir',
          },
        ],
        laboratory_last_updated: current.laboratory_last_updated,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ exchange_url: 'https://public.test/hl7' });
    });

    it('refuses each internal push endpoint, for a clinic user as for staff, when it is subscribed', async () => {
      for (const session of [admin, clinic]) {
        for (const endpoint of INTERNAL(port)) {
          const answer = await call(ctx.app, session, 'addPushSubscription', {
            body: { endpoint, ...browserKeys() },
          });
          expect([answer.statusCode, codeOf(answer)], endpoint).toEqual([400, 'destinationNotAllowed']);
          expect(answer.json(), endpoint).toMatchObject({ details: { field: 'endpoint' } });
        }
        const other = await call(ctx.app, session, 'addPushSubscription', {
          body: { endpoint: 'gopher://push.test/x', ...browserKeys() },
        });
        expect(codeOf(other)).toBe('destinationNotAllowed');
        const kept = await call(ctx.app, session, 'addPushSubscription', {
          body: { endpoint: 'https://public.test/push/1', ...browserKeys() },
        });
        expect(kept.statusCode, kept.body).toBe(200);
        // Nothing internal was stored, so nothing internal can be probed through send-test-push.
        const rows = await ctx.database.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.admin_uid, session.uid));
        expect(rows.map((row) => row.endpoint)).toEqual(['https://public.test/push/1']);
      }
      expect(reached).toEqual([]);
    });

    it('refuses again at send time a push endpoint stored before the check: sent 0, nothing reached', async () => {
      // Only the old subscription: the public one kept above is never connected to.
      await ctx.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.admin_uid, clinic.uid));
      // Written as a subscription of before issue 38 would be: the send is where it is refused.
      await ctx.database.db
        .insert(pushSubscriptions)
        .values({ admin_uid: clinic.uid, endpoint: `${probe.url}/old`, ...browserKeys() });
      const answer = await call(ctx.app, clinic, 'sendTestPush', { body: {} });
      expect(answer.json(), answer.body).toEqual({ sent: 0 });
      expect(reached).toEqual([]);
    });
  });

  describe('with loopback allowed by the operator (127.0.0.0/8)', () => {
    let ctx: TestContext;
    let session: Session;
    const hidden: string[] = [];
    let inner: Awaited<ReturnType<typeof startLocalEndpoint>>;
    let redirecting: Awaited<ReturnType<typeof startLocalEndpoint>>;
    let direct: Awaited<ReturnType<typeof startLocalEndpoint>>;
    const directly: string[] = [];

    beforeAll(async () => {
      // On ::1, outside the allowed range: where the redirect leads.
      inner = await startLocalEndpoint(
        '/push',
        (_body, request, response) => {
          hidden.push(request.url ?? '');
          response.writeHead(201).end();
        },
        '::1',
      );
      redirecting = await startLocalEndpoint('/push', (_body, _request, response) => {
        response.writeHead(307, { location: inner.url }).end();
      });
      direct = await startLocalEndpoint('/push', (_body, request, response) => {
        directly.push(request.url ?? '');
        response.writeHead(201).end();
      });
      ctx = await startTestApp(
        kind,
        { ...VAPID, OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8' },
        { overrides: { resolveHost: RESOLVER } },
      );
      session = await login(ctx.app, 'clinique@demo.lab');
    });
    afterAll(async () => {
      await stopTestApp(ctx);
      await inner?.stop();
      await redirecting?.stop();
      await direct?.stop();
    });

    const subscribe = (endpoint: string) =>
      call(ctx.app, session, 'addPushSubscription', { body: { endpoint, ...browserKeys() } });

    it('reaches an allowed address, still refuses the others, and follows no redirect', async () => {
      expect((await subscribe(`${direct.url}/1`)).statusCode).toBe(200);
      expect(codeOf(await subscribe(`${inner.url}/1`))).toBe('destinationNotAllowed');
      const sentDirect = await call(ctx.app, session, 'sendTestPush', { body: {} });
      expect(sentDirect.json()).toEqual({ sent: 1 });
      expect(directly).toEqual(['/push/1']);

      await ctx.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.admin_uid, session.uid));
      // The redirecting endpoint is on an allowed address: it is kept, but its 307 to ::1 is not followed.
      expect((await subscribe(`${redirecting.url}/2`)).statusCode).toBe(200);
      const redirected = await call(ctx.app, session, 'sendTestPush', { body: {} });
      expect(redirected.json()).toEqual({ sent: 0 });
      expect(hidden).toEqual([]);
    });
  });
});
