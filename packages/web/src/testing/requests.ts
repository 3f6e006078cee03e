import { afterEach, beforeEach, vi } from 'vitest';

/** A request the screen sent to a path the test answers. */
export interface SentRequest {
  method: string;
  /** The path alone, as the route table names it: `/api/get-nabms`. */
  path: string;
  url: URL;
  /** The JSON body, parsed; undefined for a request without one. */
  body: unknown;
}

/** What the server answers: a Response as it is, anything else as a JSON body with status 200. */
export type Answer = (request: SentRequest) => unknown;

export interface RequestStub {
  /** Answers the requests to this path (`/api/get-nabms`), until the next test. */
  answer(path: string, answer: Answer): void;
  /** The answered requests of the current test, in the order they were sent. */
  readonly sent: readonly SentRequest[];
  /** The fetch the screens call. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Throws, naming them, when the screen sent requests the test did not answer. */
  checkNoneUnexpected(): void;
  /** Forgets the answers and what was sent, for the next test. */
  reset(): void;
}

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });

export function requestStub(): RequestStub {
  const answers = new Map<string, Answer>();
  const sent: SentRequest[] = [];
  const unexpected: string[] = [];
  return {
    answer: (path, answer) => void answers.set(path, answer),
    sent,
    async fetch(input, init) {
      const url = new URL(input instanceof Request ? input.url : String(input), 'https://lab.example');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const answer = answers.get(url.pathname);
      if (!answer) {
        unexpected.push(`${method} ${url.pathname}${url.search}`);
        throw new Error(`Unexpected request to ${url.pathname}`);
      }
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const request = { method, path: url.pathname, url, body: text ? JSON.parse(text) : undefined };
      sent.push(request);
      const answered = await answer(request);
      return answered instanceof Response ? answered : json(answered);
    },
    checkNoneUnexpected() {
      if (unexpected.length > 0) {
        throw new Error(`Requests the test did not expect: ${unexpected.join(', ')}`);
      }
    },
    reset() {
      answers.clear();
      sent.length = 0;
      unexpected.length = 0;
    },
  };
}

/**
 * Call once at the top of a component test file. Every test of the file starts with no request
 * answered: a screen that sends one the test did not `answer` fails the test after it ends, even
 * when the screen swallowed the error (a query's error state, a toast).
 */
export function stubRequests(): RequestStub {
  const stub = requestStub();
  beforeEach(() => {
    stub.reset();
    vi.stubGlobal('fetch', vi.fn(stub.fetch));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    stub.checkNoneUnexpected();
  });
  return stub;
}
