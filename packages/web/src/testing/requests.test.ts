import { describe, expect, it } from 'vitest';
import { requestStub } from './requests';

describe('the request stub of component tests', () => {
  it('answers the paths a test expects, with JSON or the Response given, and lists what was sent', async () => {
    const stub = requestStub();
    stub.answer('/api/get-nabms', ({ url }) => ({ search: url.searchParams.get('search') }));
    stub.answer('/api/update-sample-status', () => new Response('{}', { status: 403 }));
    const listed = await stub.fetch('/api/get-nabms?search=gluc');
    expect(await listed.json()).toEqual({ search: 'gluc' });
    const refused = await stub.fetch('/api/update-sample-status', { method: 'post', body: '{"a":1}' });
    expect(refused.status).toBe(403);
    expect(stub.sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'GET', path: '/api/get-nabms', body: undefined },
      { method: 'POST', path: '/api/update-sample-status', body: { a: 1 } },
    ]);
    expect(() => stub.checkNoneUnexpected()).not.toThrow();
  });

  it('refuses any other request and names it when the test ends, even if the screen caught the error', async () => {
    const stub = requestStub();
    await expect(stub.fetch('/api/get-records?page=2')).rejects.toThrow('/api/get-records');
    expect(() => stub.checkNoneUnexpected()).toThrow(
      'Requests the test did not expect: GET /api/get-records?page=2',
    );
  });

  it('starts each test with nothing answered and nothing sent', async () => {
    const stub = requestStub();
    stub.answer('/api/get-nabms', () => []);
    await stub.fetch('/api/get-nabms');
    await expect(stub.fetch('/api/get-clinics')).rejects.toThrow();
    stub.reset();
    expect(stub.sent).toEqual([]);
    expect(() => stub.checkNoneUnexpected()).not.toThrow();
    await expect(stub.fetch('/api/get-nabms')).rejects.toThrow();
  });
});
