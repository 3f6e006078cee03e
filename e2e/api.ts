import { createHash } from 'node:crypto';
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

export async function apiLogin(baseUrl: string, email: string) {
  const answer = await send(baseUrl, 'POST', '/auth/login', {
    email,
    password: sha256(DEMO_PASSWORD),
    auth_machine_id: MACHINE_ID,
  });
  if (typeof answer !== 'object' || answer === null || !('access_token' in answer) || !('uid' in answer)) {
    throw new Error(`No tokens for ${email}`);
  }
  return {
    authorization: `Bearer ${String(answer.access_token)}`,
    uid: String(answer.uid),
    authmachineid: MACHINE_ID,
  };
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
