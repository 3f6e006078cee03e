import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { buildAgent } from './app.js';
import type { AgentConfig } from './config.js';

export const PORT = 5175;
export const WEB_APP = 'http://localhost:3000';

export async function tempFolder(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'sil-agent-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export function testConfig(overrides: Partial<AgentConfig>): AgentConfig {
  return {
    port: PORT,
    allowedOrigin: WEB_APP,
    scanDir: '/nonexistent',
    printer: { kind: 'pdf', directory: '/nonexistent' },
    dpmm: 8,
    printerTimeoutMs: 2000,
    symbology: 'code128',
    scanMaxBytes: 1024 * 1024,
    scanSettleMs: 0,
    relay: null,
    ...overrides,
  };
}

/** Calls the agent as the web app's page would: from its origin, to 127.0.0.1. A header set to undefined is left out. */
export function call(agent: FastifyInstance, options: InjectOptions) {
  const headers = { host: `127.0.0.1:${PORT}`, origin: WEB_APP, ...options.headers };
  const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined));
  return agent.inject({ ...options, headers: sent });
}

/**
 * A real TCP server standing in for a label printer on port 9100: it keeps every byte received,
 * one entry per connection (one print job).
 */
export async function fakeLabelPrinter(): Promise<{
  url: string;
  port: number;
  jobs: () => string[];
  close: () => Promise<void>;
}> {
  const jobs: string[] = [];
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks).toString('latin1'));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `zpl://127.0.0.1:${port}`,
    port,
    jobs: () => [...jobs],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port on which nothing listens: a printer switched off. */
export async function closedPort(): Promise<number> {
  const printer = await fakeLabelPrinter();
  await printer.close();
  return printer.port;
}

export type Agent = Awaited<ReturnType<typeof buildAgent>>;
