import { createConfig, lintFromString } from '@redocly/openapi-core';
import { apiTable } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, stopTestApp, type TestContext } from './helpers.js';

/** The documentation pages and the web app's files: added by plugins, not calls of the API. */
const INFRASTRUCTURE = /^\/(api\/docs(\/.*)?|\*)?$/;

// Registration and documentation do not depend on the database: the embedded one is enough.
describe('the route table', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp('pglite');
  });
  afterAll(() => stopTestApp(ctx));

  it('holds every registered route, with the same access rule, and every call in it is registered', () => {
    const registered = ctx.app.routeAccess.filter((r) => !INFRASTRUCTURE.test(r.url) && r.method !== 'HEAD');
    const table = new Map(Object.values(apiTable).map((def) => [`${def.method} ${def.path}`, def.access]));
    const outside = registered.filter((r) => !table.has(`${r.method} ${r.url}`));
    expect(outside.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const route of registered) expect(route.access).toEqual(table.get(`${route.method} ${route.url}`));
    const seen = new Set(registered.map((r) => `${r.method} ${r.url}`));
    expect([...table.keys()].filter((key) => !seen.has(key))).toEqual([]);
  });

  it('publishes an OpenAPI document that Redocly’s recommended rules find no error in', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<
        string,
        Record<string, { operationId?: string; security?: unknown[]; responses: object }>
      >;
    }>();
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBe(Object.keys(apiTable).length);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id !== undefined && id in apiTable)).toBe(true);
    // Every operation says how it is secured and what it answers when it fails.
    for (const op of operations) {
      expect(op.security).toBeDefined();
      expect(Object.keys(op.responses)).toContain('500');
    }

    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: response.body,
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.info(`OpenAPI lint: ${errors.length} errors, ${warnings.length} warnings`, [
      ...new Set(warnings.map((p) => p.ruleId)),
    ]);
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });
});
