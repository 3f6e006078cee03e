import { type ApiRouteDef, apiTable, ERROR_CODES, errorAnswersOf } from '@sil/contract';

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  responses?: Record<string, Json>;
}

/** The headers of spec.md §7 every protected call carries, declared once for the whole document. */
const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token answered by /auth/login',
  },
  uid: { type: 'apiKey', in: 'header', name: 'uid', description: "The logged-in user's admin_uid" },
  authmachineid: {
    type: 'apiKey',
    in: 'header',
    name: 'authmachineid',
    description: 'The machine identifier the session was opened with',
  },
};
const SESSION = [{ bearer: [], uid: [], authmachineid: [] }];

const ErrorBody = (codes: readonly string[]) => ({
  type: 'object',
  required: ['code', 'details'],
  properties: {
    code: { type: 'string', enum: codes, description: 'A code of the error catalogue (spec.md §8)' },
    details: { type: 'object', additionalProperties: true },
  },
});

const binary = { type: 'string', format: 'binary' };
const FILE_ANSWERS: Partial<Record<NonNullable<ApiRouteDef['kind']>, [string, Json]>> = {
  export: [
    '200',
    {
      description: 'The rows as a file to download',
      content: {
        'text/csv': { schema: binary },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary },
      },
    },
  ],
  download: [
    '200',
    { description: 'The bytes of the file', content: { 'application/octet-stream': { schema: binary } } },
  ],
  redirect: ['302', { description: 'Continue in the browser at the Location header' }],
};

/** What a call's rules need: public and refresh-token calls go without the session headers. */
const securityOf = (def: ApiRouteDef) =>
  // An agent's calls carry its credential as a bearer token alone (issue 41).
  def.access.kind === 'public' || def.access.kind === 'refreshToken' || def.access.kind === 'agent'
    ? []
    : SESSION;

function describeOperation(operation: Operation, def: ApiRouteDef): void {
  operation.security = securityOf(def);
  const responses: Record<string, Json> = { ...operation.responses };
  const file = def.kind ? FILE_ANSWERS[def.kind] : undefined;
  if (file) {
    delete responses.default;
    responses[file[0]] = file[1];
  }
  for (const [status, codes] of errorAnswersOf(def)) {
    responses[String(status)] = {
      description: codes.join(', '),
      content: { 'application/json': { schema: ErrorBody(codes) } },
    };
  }
  operation.responses = responses;
}

/**
 * Completes the generated OpenAPI document with what the zod schemas cannot say: the security
 * schemes and which calls need them, the error answers of each call with their catalogue codes,
 * and the bodies of the file calls.
 */
export function describeApi<T extends object>(document: T): T {
  const doc = document as Json & { paths?: Record<string, Record<string, Operation>>; components?: Json };
  doc.components = { ...doc.components, securitySchemes: SECURITY_SCHEMES };
  doc.info = {
    ...(doc.info as Json),
    description: `Errors answer { code, details }; the codes are those of the catalogue (${ERROR_CODES.length} codes).`,
  };
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const def = operation.operationId ? apiTable[operation.operationId] : undefined;
      if (def) describeOperation(operation, def);
    }
  }
  return document;
}
