import { and, eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema/auth.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import type { AuthDeps } from './deps.js';
import { messagesFor } from './messages.js';

/**
 * Web Push notifications (spec.md §2 'Settings', notification frequency None / Push): the browser
 * subscribes with the server's VAPID public key; the server keeps the subscription and sends
 * encrypted messages with the web-push library.
 */
function vapid(deps: AuthDeps) {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = deps.config;
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY) return fail('pushNotConfigured');
  return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT };
}

export const pushKey = (deps: AuthDeps) => ({ public_key: vapid(deps).publicKey });

/** Keeps this browser's subscription for the user; a browser subscribed before for another user moves. */
export async function addPushSubscription(
  deps: AuthDeps,
  caller: Authenticated,
  subscription: { endpoint: string; p256dh: string; auth: string },
) {
  vapid(deps);
  // The server POSTs to this endpoint on the user's word: a push service, never an internal address.
  await deps.outbound.refuseInternal(subscription.endpoint, 'endpoint');
  await deps.db.transaction(async (tx) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    await tx.insert(pushSubscriptions).values({ admin_uid: caller.user.admin_uid, ...subscription });
  });
  return { success: true as const };
}

/** A test notification to each of the user's browsers; subscriptions the push service says are gone are dropped. */
export async function sendTestPush(deps: AuthDeps, caller: Authenticated) {
  const vapidDetails = vapid(deps);
  const uid = caller.user.admin_uid;
  const rows = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.admin_uid, uid));
  if (rows.length === 0) return fail('noPushSubscription');
  const text = messagesFor(caller.user.preferences.locale);
  const payload = JSON.stringify({ title: text.testPushTitle, body: text.testPushBody });
  // Imported on the first test notification rather than at every start.
  const { default: webPush } = await import('web-push');
  let sent = 0;
  for (const row of rows) {
    // web-push encrypts the message (aes128gcm) and signs the VAPID header; the request goes out
    // through the outbound check (a subscription stored before it, or a name whose DNS changed, is
    // refused and counts as not sent), which also reaches a push service on http:// (tests run one
    // on this machine).
    const request = webPush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      { vapidDetails, TTL: 60 },
    );
    const status = await deps.outbound
      .send(request.endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : new Uint8Array(),
        timeoutMs: 10_000,
      })
      .then(
        (response) => response.status,
        () => 0,
      );
    if (status >= 200 && status < 300) {
      sent += 1;
      continue;
    }
    deps.log.warn({ status }, 'push notification refused');
    if (status === 404 || status === 410) {
      await deps.db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.subscription_id, row.subscription_id),
            eq(pushSubscriptions.admin_uid, uid),
          ),
        );
    }
  }
  return { sent };
}
