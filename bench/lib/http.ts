import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { newAuthMachineId } from './figures.js';

/** The demo laboratory's administrator, created by the demo seed. */
export const DEMO_ADMIN_EMAIL = 'admin@demo.lab';
const DEMO_ADMIN_PASSWORD = 'Demo-2026!';

/** The web client never sends the password itself, only its SHA-256 in hexadecimal. */
export const demoAdminPasswordHash = createHash('sha256').update(DEMO_ADMIN_PASSWORD).digest('hex');

export interface LoadOptions {
  durationSeconds: number;
  connections: number;
}

export interface Session {
  access_token: string;
  refresh_token: string;
  uid: string;
  authMachineId: string;
}

function loginBody(authMachineId: string, email = DEMO_ADMIN_EMAIL): string {
  return JSON.stringify({
    email,
    password: demoAdminPasswordHash,
    auth_machine_id: authMachineId,
  });
}

function isSessionAnswer(body: unknown): body is Omit<Session, 'authMachineId'> {
  if (typeof body !== 'object' || body === null) return false;
  const fields = body as Record<string, unknown>;
  return (
    typeof fields.access_token === 'string' &&
    typeof fields.refresh_token === 'string' &&
    typeof fields.uid === 'string'
  );
}

/** One login as the demo administrator; fails loudly so that a broken login never yields a figure. */
export function loginAsDemoAdmin(baseUrl: string): Promise<Session> {
  return loginAsDemoUser(baseUrl, DEMO_ADMIN_EMAIL);
}

/** One login as a user of the demo laboratory (they all have the demo password). */
export async function loginAsDemoUser(baseUrl: string, email: string): Promise<Session> {
  const authMachineId = newAuthMachineId();
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody(authMachineId, email),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status !== 200 || !isSessionAnswer(body)) {
    throw new Error(`login answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { ...body, authMachineId };
}

/** Checks one authenticated call before loading it, so that a refusal is reported and not measured. */
export async function checkUserData(baseUrl: string, session: Session): Promise<void> {
  const response = await fetch(`${baseUrl}/api/get-user-data`, { headers: authHeaders(session) });
  if (response.status !== 200) {
    throw new Error(`get-user-data answered ${response.status}: ${await response.text()}`);
  }
}

export function authHeaders(session: Session): Record<string, string> {
  return {
    authorization: `Bearer ${session.access_token}`,
    uid: session.uid,
    authmachineid: session.authMachineId,
  };
}

/** Logins of the demo administrator, each from a new browser as when many users open the app. */
export function loadLogins(baseUrl: string, options: LoadOptions): Promise<autocannon.Result> {
  return autocannon({
    url: `${baseUrl}/auth/login`,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: loginBody(newAuthMachineId()) }),
      },
    ],
    duration: options.durationSeconds,
    connections: options.connections,
  });
}

/** The call every page of the web client makes first: the logged-in user with rights and preferences. */
export function loadUserData(
  baseUrl: string,
  session: Session,
  options: LoadOptions,
): Promise<autocannon.Result> {
  return autocannon({
    url: `${baseUrl}/api/get-user-data`,
    method: 'GET',
    headers: authHeaders(session),
    duration: options.durationSeconds,
    connections: options.connections,
  });
}
