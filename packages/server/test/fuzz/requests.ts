import type { ApiRouteDef } from '@sil/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import { multipart } from '../multipart.js';
import { arbitraryOf, inputSchemaOf, type ValuePool } from './arbitraries.js';
import { hostileText, mutate, mutations } from './mutations.js';

/** Who a generated request is sent as. */
export type Caller = 'admin' | 'clinic';

export interface FuzzRequest {
  route: string;
  caller: Caller;
  method: ApiRouteDef['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A value as one query-string parameter: texts as they are, anything else as JSON. */
const queryText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/**
 * Percent-encodes a text, lone UTF-16 surrogates included (written as the three bytes they would take,
 * which are not valid UTF-8: the server has to cope with them too).
 */
function encodePart(text: string): string {
  return Array.from(text, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  }).join('');
}

/** The query string of a generated query: repeated keys for arrays, as browsers and the web client send. */
export function queryStringOf(query: unknown): string {
  if (query === undefined) return '';
  if (query === null || typeof query !== 'object' || Array.isArray(query))
    return `?${encodePart(queryText(query))}`;
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).map(
          (item) => `${encodePart(key)}=${encodePart(queryText(item))}`,
        ),
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** Query strings no encoder writes: broken escapes, bracketed keys, empty and repeated parts. */
const rawQuerySuffix = fc.constantFrom(
  '&%',
  '&%zz=1',
  '&a[b][c]=1',
  '&&&=&',
  '&search=%E0%A4%A',
  '&search=%00',
  '&number_of_records=1e400',
  '&page_number=-0',
  '&sort_by=__proto__',
  '&filter_column[]=x&filter_column[]=y&filter_value[]=%',
);

const MAX_URL_LENGTH = 60_000;

type Body = { headers: Record<string, string>; payload: string | Buffer };

const json = (value: unknown): Body => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(value) ?? '',
});

/** A form body (the server also takes application/x-www-form-urlencoded). */
const form = (value: unknown): Body => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: queryStringOf(value).slice(1),
});

/** Bodies that are not what their content type says, or too big to read. */
const rawBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom('{"a":', '', 'null', '[', '"', '{"__proto__":{"admin":true}}', '\u0000').map((payload) => ({
    headers: { 'content-type': 'application/json' },
    payload,
  })),
  hostileText.map((payload) => ({ headers: { 'content-type': 'text/plain' }, payload })),
  // A media type no call reads: unsupportedMediaType, the catalogue's 415 (issue 38).
  fc.constantFrom('application/xml', 'text/csv', 'application/octet-stream').map((type) => ({
    headers: { 'content-type': type },
    payload: '<a/>',
  })),
  fc.integer({ min: 1_100_000, max: 1_500_000 }).map((length) => json({ padding: 'x'.repeat(length) })),
);

function bodyOf(value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc.oneof(
    { arbitrary: value.map(json), weight: 12 },
    { arbitrary: value.map(form), weight: 1 },
    { arbitrary: rawBody, weight: 1 },
  );
}

/** Valid input one time in five, mutated input the other times. */
function validOrMutated(schema: z.ZodType, pool: ValuePool): fc.Arbitrary<unknown> {
  const valid = arbitraryOf(inputSchemaOf(schema), pool);
  return fc.oneof(
    { arbitrary: valid, weight: 1 },
    { arbitrary: fc.tuple(valid, mutations).map(([value, steps]) => mutate(value, steps)), weight: 4 },
  );
}

/** The multipart fields as text, and a small file that is or pretends to be a PDF, an image or a CSV. */
function uploadOf(fields: z.ZodType | undefined, pool: ValuePool): fc.Arbitrary<Body> {
  const values = fields ? validOrMutated(fields, pool) : fc.constant({});
  const file = fc.option(
    fc.record({
      name: fc.constantFrom('scan.pdf', 'photo.png', 'table.csv', 'x.exe', '', '../../x.pdf', 'é\u0000.pdf'),
      bytes: fc.oneof(
        fc
          .constantFrom('%PDF-1.4\n', '\x89PNG\r\n\x1a\n', 'code;label\n1;a\n', '')
          .map((text) => Buffer.from(text)),
        fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
      ),
    }),
    { freq: 5 },
  );
  return fc.tuple(values, file).map(([value, upload]) => {
    const flat =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, queryText(item)]))
        : { value: queryText(value) };
    return multipart(flat, upload ?? undefined);
  });
}

/** Requests to one route of the table, generated from its contract schemas then mutated. */
export function requestsOf(name: string, def: ApiRouteDef, pool: ValuePool): fc.Arbitrary<FuzzRequest> {
  const query = def.query
    ? fc
        .tuple(validOrMutated(def.query, pool), fc.option(rawQuerySuffix, { freq: 8 }))
        .map(([value, suffix]) => {
          // Past the HTTP server's header limit it answers headersTooLarge; a URL of megabytes would
          // still be on its way when that answer closes the connection.
          const text = queryStringOf(value).slice(0, MAX_URL_LENGTH);
          return suffix ? `${text || '?'}${suffix}` : text;
        })
    : fc.constant('');
  const bodySchema = 'body' in def ? def.body : undefined;
  const body: fc.Arbitrary<Body | undefined> =
    def.kind === 'upload'
      ? uploadOf(def.fields, pool)
      : bodySchema
        ? bodyOf(validOrMutated(bodySchema, pool))
        : def.method === 'GET'
          ? fc.constant(undefined)
          : bodyOf(fc.jsonValue({ maxDepth: 2 }));
  const caller = fc.constantFrom<Caller>(
    'admin',
    'admin',
    'admin',
    'admin',
    'admin',
    'admin',
    'admin',
    'clinic',
  );
  return fc.tuple(query, body, caller).map(([search, sent, who]) => ({
    route: name,
    caller: who,
    method: def.method,
    url: `${def.path}${search}`,
    headers: sent?.headers ?? {},
    ...(sent ? { payload: sent.payload } : {}),
  }));
}
