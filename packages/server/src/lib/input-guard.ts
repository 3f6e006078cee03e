import type { FieldIssue } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** Every place in a parsed body or query where a NUL character hides, in a key or a text. */
function nulIssues(value: unknown, path: string, issues: FieldIssue[]): FieldIssue[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) issues.push({ path, message: 'nulCharacter' });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      nulIssues(item, path ? `${path}.${index}` : String(index), issues);
    });
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) issues.push({ path: itemPath, message: 'nulCharacter' });
      else nulIssues(item, itemPath, issues);
    }
  }
  return issues;
}

/**
 * PostgreSQL stores no NUL character in text and fails the whole statement on one, so every body
 * and query is checked here, once, before any route's own validation.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const issues = [...nulIssues(request.query, '', []), ...nulIssues(request.body, '', [])];
    if (issues.length > 0) throw new AppError('incorrectType', { issues });
  });
}
