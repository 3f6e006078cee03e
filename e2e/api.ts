import { createHash } from 'node:crypto';
import { Tokens } from '@sil/contract';
import { DEMO_PASSWORD } from './browser.js';

/** Direct calls to the server, for setting up what a journey needs (not for checking the UI). */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MACHINE_ID = `${Date.now()}e2etst`;

export async function send(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The tokens of a login as `email` with the demo password, from the machine `machineId`. */
export async function loginTokens(
  baseUrl: string,
  email: string,
  machineId: string = MACHINE_ID,
): Promise<Tokens> {
  const answer = Tokens.safeParse(
    await send(baseUrl, 'POST', '/auth/login', {
      email,
      password: sha256(DEMO_PASSWORD),
      auth_machine_id: machineId,
    }),
  );
  if (!answer.success) throw new Error(`No tokens for ${email}`);
  return answer.data;
}

/** The headers of a protected call, from a session's tokens and machine. */
export function callHeaders(tokens: Tokens, machineId: string = MACHINE_ID): Record<string, string> {
  return { authorization: `Bearer ${tokens.access_token}`, uid: tokens.uid, authmachineid: machineId };
}

export async function apiLogin(baseUrl: string, email: string) {
  return callHeaders(await loginTokens(baseUrl, email));
}

/** An internal user created by the demo administrator; with `otp`, their login asks for an SMS code. */
export async function createUser(baseUrl: string, email: string, options: { otp: boolean }): Promise<void> {
  const headers = await apiLogin(baseUrl, 'admin@demo.lab');
  await send(
    baseUrl,
    'POST',
    '/auth/add-new-user',
    {
      user_name: options.otp ? 'Utilisateur OTP' : 'Nouvel utilisateur',
      user_email: email,
      user_phone_num: '+33612345678',
      user_password: sha256(DEMO_PASSWORD),
      otp_enabled: options.otp,
      admin_records: 1,
    },
    headers,
  );
}
