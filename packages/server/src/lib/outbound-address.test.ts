import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { AppError } from './errors.js';
import {
  AllowedRanges,
  type HostResolver,
  nonPublicRange,
  outboundAddresses,
  parseAddressRange,
} from './outbound-address.js';

describe('nonPublicRange', () => {
  it('names the non-public IPv4 ranges', () => {
    expect(nonPublicRange('127.0.0.1')).toBe('loopback');
    expect(nonPublicRange('127.255.0.9')).toBe('loopback');
    expect(nonPublicRange('10.0.0.1')).toBe('private');
    expect(nonPublicRange('172.16.0.1')).toBe('private');
    expect(nonPublicRange('172.31.255.254')).toBe('private');
    expect(nonPublicRange('192.168.1.10')).toBe('private');
    expect(nonPublicRange('100.64.0.1')).toBe('sharedAddressSpace');
    expect(nonPublicRange('100.127.255.255')).toBe('sharedAddressSpace');
    expect(nonPublicRange('169.254.169.254')).toBe('linkLocal');
    expect(nonPublicRange('224.0.0.251')).toBe('multicast');
    expect(nonPublicRange('0.0.0.0')).toBe('unspecified');
    expect(nonPublicRange('255.255.255.255')).toBe('broadcast');
    expect(nonPublicRange('240.0.0.1')).toBe('reserved');
    expect(nonPublicRange('192.0.2.1')).toBe('reserved');
    expect(nonPublicRange('198.18.0.1')).toBe('reserved');
  });

  it('leaves public IPv4 addresses, including the neighbours of each range', () => {
    for (const address of ['8.8.8.8', '172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0']) {
      expect(nonPublicRange(address), address).toBeNull();
    }
    expect(nonPublicRange('169.253.255.255')).toBeNull();
    expect(nonPublicRange('11.0.0.1')).toBeNull();
  });

  it('names the non-public IPv6 ranges', () => {
    expect(nonPublicRange('::1')).toBe('loopback');
    expect(nonPublicRange('::')).toBe('unspecified');
    expect(nonPublicRange('fc00::1')).toBe('private');
    expect(nonPublicRange('fd12:3456::1')).toBe('private');
    expect(nonPublicRange('fe80::1')).toBe('linkLocal');
    expect(nonPublicRange('febf::1')).toBe('linkLocal');
    expect(nonPublicRange('ff02::1')).toBe('multicast');
    expect(nonPublicRange('2001:db8::1')).toBe('reserved');
    // Outside the global unicast block 2000::/3.
    expect(nonPublicRange('4000::1')).toBe('reserved');
    expect(nonPublicRange('2606:4700::1111')).toBeNull();
  });

  it('judges an IPv6 address carrying an IPv4 one as that IPv4 address', () => {
    expect(nonPublicRange('::ffff:127.0.0.1')).toBe('loopback');
    expect(nonPublicRange('::ffff:7f00:1')).toBe('loopback');
    expect(nonPublicRange('::ffff:10.0.0.1')).toBe('private');
    expect(nonPublicRange('::ffff:169.254.169.254')).toBe('linkLocal');
    expect(nonPublicRange('::ffff:0.0.0.0')).toBe('unspecified');
    expect(nonPublicRange('::127.0.0.1')).toBe('loopback');
    expect(nonPublicRange('64:ff9b::a9fe:a9fe')).toBe('linkLocal');
    expect(nonPublicRange('2002:7f00:1::')).toBe('loopback');
    expect(nonPublicRange('::ffff:8.8.8.8')).toBeNull();
    expect(nonPublicRange('64:ff9b::808:808')).toBeNull();
  });

  it('throws on what is not an address', () => {
    expect(() => nonPublicRange('localhost')).toThrow();
  });
});

describe('parseAddressRange and AllowedRanges', () => {
  it('reads CIDRs and bare addresses, and nothing else', () => {
    expect(parseAddressRange('10.1.0.0/16')).toEqual({ network: '10.1.0.0', prefix: 16, family: 'ipv4' });
    expect(parseAddressRange(' 192.168.1.5 ')).toEqual({
      network: '192.168.1.5',
      prefix: 32,
      family: 'ipv4',
    });
    expect(parseAddressRange('fd00::/8')).toEqual({ network: 'fd00::', prefix: 8, family: 'ipv6' });
    expect(parseAddressRange('::1')).toEqual({ network: '::1', prefix: 128, family: 'ipv6' });
    for (const bad of ['10.0.0.0/33', '::/129', 'intranet', '10.0.0.0/8/1', '10.0.0.0/x', '10.0.0.0/', '']) {
      expect(parseAddressRange(bad), bad).toBeNull();
    }
  });

  it('allows what its ranges hold, IPv4-mapped forms included', () => {
    const allowed = new AllowedRanges([
      { network: '10.20.0.0', prefix: 16, family: 'ipv4' },
      { network: 'fd00::', prefix: 8, family: 'ipv6' },
    ]);
    expect(allowed.has('10.20.3.4')).toBe(true);
    expect(allowed.has('::ffff:10.20.3.4')).toBe(true);
    expect(allowed.has('10.21.0.1')).toBe(false);
    expect(allowed.has('fd00::5')).toBe(true);
    expect(allowed.has('fc00::5')).toBe(false);
    expect(allowed.has('127.0.0.1')).toBe(false);
  });

  it('is read from OUTBOUND_ALLOWED_RANGES, and a wrong item stops the start', () => {
    expect(loadConfig({}).OUTBOUND_ALLOWED_RANGES).toEqual([]);
    expect(
      loadConfig({ OUTBOUND_ALLOWED_RANGES: '10.0.0.0/8, 192.168.1.5,fd00::/8' }).OUTBOUND_ALLOWED_RANGES,
    ).toEqual([
      { network: '10.0.0.0', prefix: 8, family: 'ipv4' },
      { network: '192.168.1.5', prefix: 32, family: 'ipv4' },
      { network: 'fd00::', prefix: 8, family: 'ipv6' },
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOWED_RANGES: '10.0.0.0/8,intranet' })).toThrow(/intranet/);
  });
});

/** A resolver that answers each name with the next of its address lists (a DNS changing its mind). */
function scriptedResolver(answers: Record<string, string[][]>): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolver = async (hostname: string) => {
    asked.push(hostname);
    const next = answers[hostname]?.shift();
    if (!next) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return next.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
  return Object.assign(resolver, { asked });
}

const refusedReason = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const refusal = error as AppError;
  expect(refusal.code).toBe('destinationNotAllowed');
  return refusal.details;
};

describe('outboundAddresses', () => {
  let server: Server;
  let port: number;
  const seen: Array<{ url: string; host: string | undefined; length: string | undefined }> = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      request.resume();
      request.on('end', () => {
        seen.push({
          url: request.url ?? '',
          host: request.headers.host,
          length: request.headers['content-length'],
        });
        if (request.url === '/redirect') {
          response.writeHead(302, { location: `http://127.0.0.1:${port}/landed` });
        } else response.writeHead(200);
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const loopbackAllowed = new AllowedRanges([{ network: '127.0.0.0', prefix: 8, family: 'ipv4' }]);
  const post = { method: 'POST' as const, headers: {}, body: 'MSH|^~\\&|', timeoutMs: 5_000 };

  it('refuses at the time it is set every address of a name, whichever is not public', async () => {
    const resolver = scriptedResolver({ 'mixed.test': [['93.184.215.14', '10.0.0.7']] });
    const outbound = outboundAddresses(new AllowedRanges([]), resolver);
    expect(await refusedReason(outbound.refuseInternal('https://mixed.test/hl7', 'exchange_url'))).toEqual({
      field: 'exchange_url',
      reason: 'private',
    });
    expect(
      await refusedReason(outbound.refuseInternal('http://[::ffff:127.0.0.1]:8080/', 'endpoint')),
    ).toEqual({ field: 'endpoint', reason: 'loopback' });
    expect(await refusedReason(outbound.refuseInternal('http://2130706433/', 'endpoint'))).toMatchObject({
      reason: 'loopback',
    });
    expect(await refusedReason(outbound.refuseInternal('file:///etc/passwd', 'endpoint'))).toMatchObject({
      reason: 'protocol',
    });
    // A name that resolves nowhere yet is kept: the send checks it again.
    await expect(outbound.refuseInternal('https://not-yet.test/', 'endpoint')).resolves.toBeUndefined();
  });

  it('connects to the very address it checked, asking the DNS once', async () => {
    const resolver = scriptedResolver({ 'receiver.test': [['127.0.0.1'], ['10.9.9.9']] });
    const outbound = outboundAddresses(loopbackAllowed, resolver);
    const before = seen.length;
    const answer = await outbound.send(`http://receiver.test:${port}/results`, post);
    expect(answer.status).toBe(200);
    // The name has no other resolution than the checked one here: the request reached it through the pin.
    expect(resolver.asked).toEqual(['receiver.test']);
    expect(seen.slice(before)).toEqual([
      { url: '/results', host: `receiver.test:${port}`, length: String(Buffer.byteLength(post.body)) },
    ]);
  });

  it('checks again at send time: a name that now resolves inside is refused before any connection', async () => {
    // Public when set (nothing sent to it), loopback at the send: a DNS rebinding.
    const resolver = scriptedResolver({ 'rebound.test': [['93.184.215.14'], ['127.0.0.1']] });
    const outbound = outboundAddresses(new AllowedRanges([]), resolver);
    await outbound.refuseInternal(`http://rebound.test:${port}/`, 'exchange_url');
    const before = seen.length;
    expect(await refusedReason(outbound.send(`http://rebound.test:${port}/results`, post))).toMatchObject({
      reason: 'loopback',
    });
    expect(seen.length).toBe(before);
  });

  it('refuses 10.0.0.1 and 169.254.169.254 on the address alone, before any packet', async () => {
    const resolver = scriptedResolver({});
    const outbound = outboundAddresses(new AllowedRanges([]), resolver);
    expect(await refusedReason(outbound.send('http://10.0.0.1/results', post))).toMatchObject({
      reason: 'private',
    });
    expect(
      await refusedReason(outbound.send('http://169.254.169.254/latest/meta-data/', post)),
    ).toMatchObject({ reason: 'linkLocal' });
    expect(resolver.asked).toEqual([]);
  });

  it('follows no redirect: the 3xx is the answer', async () => {
    const outbound = outboundAddresses(loopbackAllowed, scriptedResolver({}));
    const before = seen.length;
    const answer = await outbound.send(`http://127.0.0.1:${port}/redirect`, post);
    expect(answer.status).toBe(302);
    expect(seen.slice(before).map((request) => request.url)).toEqual(['/redirect']);
  });
});
