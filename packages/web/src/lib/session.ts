import { type Rights, RightsSchema, type Tokens } from '@sil/contract';
import { readItem, writeItems } from './storage';

/** The tokens and identity that protected calls send (spec.md §7 'General'). */
export interface Credentials {
  accessToken: string;
  refreshToken: string;
  uid: string;
  authMachineId: string;
}

export function getCredentials(): Credentials | null {
  const accessToken = readItem('access_token');
  const refreshToken = readItem('refresh_token');
  const uid = readItem('uid');
  const authMachineId = readItem('auth_machine_id');
  if (!accessToken || !refreshToken || !uid || !authMachineId) return null;
  return { accessToken, refreshToken, uid, authMachineId };
}

export function saveTokens(tokens: Tokens, authMachineId: string): void {
  writeItems({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    uid: tokens.uid,
    auth_machine_id: authMachineId,
  });
}

export function updateTokens(accessToken: string, refreshToken: string): void {
  writeItems({ access_token: accessToken, refresh_token: refreshToken });
}

/** Rights arrive with the token check and the refresh (spec.md §6) and are kept client-side. */
export function getRights(): Rights | null {
  const raw = readItem('rights');
  if (!raw) return null;
  try {
    const parsed = RightsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveRights(rights: Rights): void {
  writeItems({ rights: JSON.stringify(rights) });
}

/** Logout clears tokens, uid, machine id and permissions; language, theme and nextUrl stay. */
export function clearSession(): void {
  writeItems({ access_token: null, refresh_token: null, uid: null, auth_machine_id: null, rights: null });
}

export function getNextUrl(): string | null {
  return readItem('nextUrl');
}

export function setNextUrl(url: string | null): void {
  writeItems({ nextUrl: url });
}

const BASE32 = '0123456789abcdefghijklmnopqrstuv';

/** Current time in milliseconds followed by 6 random base-32 characters, fresh for each login. */
export function newAuthMachineId(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(6));
  return `${now}${Array.from(random, (byte) => BASE32[byte % 32]).join('')}`;
}

/** The password never leaves the browser in clear: the server receives its SHA-256 (spec.md §9). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
