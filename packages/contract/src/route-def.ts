import type { z } from 'zod';
import type { ErrorCode } from './errors.js';
import type { AccessRule } from './permissions.js';
import type { ExternalAudience } from './rows/audience.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One JSON call of the API route table (routes.ts): what the server registers and authorizes and
 * what the web client calls. Kept apart from the table so each area's routes can use it without the
 * table importing them back.
 */
export interface RouteDef {
  method: Method;
  path: string;
  access: AccessRule;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  /**
   * What a clinic user or a prescriber receives of the answer (rows/audience.ts): the server
   * projects their answer onto it. A call they may reach that carries records or patients has one.
   */
  audiences?: Record<ExternalAudience, z.ZodType>;
  /** Catalogue codes the call's own rules give, beyond those of its access rule and its input. */
  errors?: readonly ErrorCode[];
}

/**
 * A call that is not JSON in and out: an export (CSV or XLSX of a list), a download (the bytes of a
 * stored file), an upload (multipart: fields and one file, answered in JSON) or a redirect (a
 * browser navigation).
 */
export interface FileRouteDef {
  kind: 'export' | 'download' | 'upload' | 'redirect';
  method: Method;
  path: string;
  access: AccessRule;
  summary: string;
  query?: z.ZodType;
  /** The text fields of a multipart upload. */
  fields?: z.ZodType;
  /** The JSON answer of an upload. */
  response?: z.ZodType;
  /** The row each external audience receives: an export keeps only those columns for them. */
  audiences?: Record<ExternalAudience, z.ZodType>;
  errors?: readonly ErrorCode[];
}

/** Any entry of the whole table, as the server registers it and the API documentation lists it. */
export type ApiRouteDef = (RouteDef & { kind?: 'json' }) | FileRouteDef;
