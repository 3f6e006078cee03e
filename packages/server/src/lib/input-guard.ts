import type { FieldIssue } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** In Unicode mode a surrogate matches only when it is not half of a pair. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** No call takes input nested deeper than this; deeper input is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Every place in a parsed body or query where a NUL character or a lone UTF-16 surrogate (not
 * Unicode: PostgreSQL refuses or alters it) hides, in a key or a text, and the first place nested
 * deeper than MAX_INPUT_DEPTH. Walked with a list rather than by recursion, so
 * that no input can exhaust the stack.
 */
export function inputIssues(value: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const pending: Array<{ value: unknown; path: string; depth: number; badKey?: boolean }> = [
    { value, path: '', depth: 0 },
  ];
  let tooDeep = false;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { path, depth } = next;
    const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
    if (next.badKey) {
      issues.push({ path, message: path.includes('\u0000') ? 'nulCharacter' : 'invalidUnicode' });
      continue;
    }
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) issues.push({ path, message: 'nulCharacter' });
      else if (LONE_SURROGATE.test(next.value)) issues.push({ path, message: 'invalidUnicode' });
      continue;
    }
    if (next.value === null || typeof next.value !== 'object' || Buffer.isBuffer(next.value)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      if (!tooDeep) issues.push({ path, message: 'tooDeep' });
      tooDeep = true;
      continue;
    }
    const entries = Array.isArray(next.value)
      ? next.value.map((item, index) => [index, item] as const)
      : Object.entries(next.value);
    // Pushed in reverse so that the issues come out in the order of the input.
    for (const [key, item] of entries.reverse()) {
      const badKey = typeof key === 'string' && (key.includes('\u0000') || LONE_SURROGATE.test(key));
      pending.push({ value: item, path: join(key), depth: depth + 1, badKey });
    }
  }
  return issues;
}

/**
 * PostgreSQL stores no NUL character nor broken Unicode in text and fails the whole statement on
 * one, and deeply
 * nested input would exhaust the stack of whatever walks it, so every body and query is checked
 * here, once, before any route's own validation.
 */
export function refuseUnsafeInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const issues = [...inputIssues(request.query), ...inputIssues(request.body)];
    if (issues.length > 0) throw new AppError('incorrectType', { issues });
  });
}
