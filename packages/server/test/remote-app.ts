import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A server running in another process, seen as the app the test helpers call (`apiClient`,
 * `signInStaff`, `analyserLaboratory`): each `inject` is a real HTTP request to its address.
 */
export function remoteApp(baseUrl: string): FastifyInstance {
  const inject = async (options: InjectOptions) => {
    const { method = 'GET', url = '/', headers = {}, payload } = options;
    const isJson = payload !== undefined && typeof payload === 'object' && !Buffer.isBuffer(payload);
    const response = await fetch(new URL(String(url), baseUrl), {
      method: String(method),
      headers: {
        ...(Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])) as Record<
          string,
          string
        >),
        ...(isJson ? { 'content-type': 'application/json' } : {}),
      },
      body: payload === undefined ? undefined : isJson ? JSON.stringify(payload) : (payload as string),
    });
    const body = await response.text();
    return { statusCode: response.status, body, json: () => JSON.parse(body) };
  };
  return { inject } as unknown as FastifyInstance;
}
