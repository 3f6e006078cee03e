import type { z } from 'zod';
import { ApiError, withSession } from '../api-client';
import type { Credentials } from '../session';

/**
 * Calls of the generic reference tables. Their paths come from the contract's entity definitions
 * (`entity.paths`) rather than from the route table, so they go through this small client that
 * shares the session handling (headers, single-flight refresh) of `lib/api-client`.
 */
const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? '';

export type QueryValue = string | number | boolean | readonly string[] | undefined | null;

/** Arrays travel as repeated `name[]` (spec.md §7); keys that already end in [] are kept as they are. */
export function queryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value) params.append(name, String(item));
    } else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function headersOf(credentials: Credentials): Record<string, string> {
  return {
    authorization: `Bearer ${credentials.accessToken}`,
    uid: credentials.uid,
    authmachineid: credentials.authMachineId,
  };
}

async function errorFrom(response: Response, path: string): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string') {
      return new ApiError(body.code, response.status, path, 'details' in body ? body.details : undefined);
    }
  } catch {
    // Not JSON (a proxy page): the generic message covers it.
  }
  return new ApiError('unexpectedError', response.status, path);
}

async function exchange(path: string, init: RequestInit, credentials: Credentials): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_ORIGIN}${path}`, {
      ...init,
      headers: { ...headersOf(credentials), ...(init.headers ?? {}) },
    });
  } catch {
    throw new ApiError('unexpectedError', 0, path);
  }
  if (!response.ok) throw await errorFrom(response, path.split('?')[0] ?? path);
  return response;
}

async function parsed<S extends z.ZodType>(
  response: Response,
  schema: S,
  path: string,
): Promise<z.output<S>> {
  const result = schema.safeParse(await response.json().catch(() => undefined));
  if (!result.success) {
    console.error(`Answer of ${path} does not match the contract`, result.error.issues);
    throw new ApiError('unexpectedError', response.status, path);
  }
  return result.data;
}

export function apiGet<S extends z.ZodType>(
  path: string,
  query: Record<string, QueryValue>,
  schema: S,
): Promise<z.output<S>> {
  return withSession(path, async (credentials) => {
    const response = await exchange(
      `${path}${queryString(query)}`,
      { method: 'GET', headers: { accept: 'application/json' } },
      credentials,
    );
    return parsed(response, schema, path);
  });
}

export function apiSend<S extends z.ZodType>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S>> {
  return withSession(path, async (credentials) => {
    const response = await exchange(
      path,
      {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      credentials,
    );
    return parsed(response, schema, path);
  });
}

/** Multipart upload (the NABM import): the browser sets the boundary itself. */
export function apiUpload<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
): Promise<z.output<S>> {
  return withSession(path, async (credentials) => {
    const response = await exchange(
      path,
      { method: 'POST', headers: { accept: 'application/json' }, body: form },
      credentials,
    );
    return parsed(response, schema, path);
  });
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** A file answer (exports): its bytes and the name the server gave it. */
export function apiDownload(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<DownloadedFile> {
  return withSession(path, async (credentials) => {
    const response = await exchange(`${path}${queryString(query)}`, { method: 'GET' }, credentials);
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
    return { blob: await response.blob(), fileName };
  });
}

/** Hands a downloaded file to the browser's download manager. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or Chromium may cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
