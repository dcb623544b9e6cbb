import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type HostLookup, PinnedHttpClient, UnsafeUrlError } from './public-http-client.js';

/** A resolver that knows a few names, and counts the questions. */
function fakeDns(names: Record<string, string[]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    return (names[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { asked });
}

const DNS = fakeDns({
  'app.example': ['93.184.215.14'],
  'v6.app.example': ['2606:4700::1111'],
  'intranet.app.example': ['10.0.0.7'],
  'metadata.app.example': ['169.254.169.254'],
  'mixed.app.example': ['93.184.215.14', '127.0.0.1'],
  'loop.app.example': ['127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
});

async function refusal(client: PinnedHttpClient, url: string): Promise<string> {
  const error = await client.check(new URL(url)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(UnsafeUrlError);
  return (error as UnsafeUrlError).rule;
}

describe('PinnedHttpClient.check', () => {
  const client = new PinnedHttpClient({ lookup: DNS });

  it('should accept https on a public name or address, and pin the address it resolved', async () => {
    expect(await client.check(new URL('https://app.example/cb'))).toMatchObject({
      address: '93.184.215.14',
      family: 4,
    });
    expect(await client.check(new URL('https://v6.app.example:8080/cb'))).toMatchObject({
      address: '2606:4700::1111',
      family: 6,
    });
    expect(await client.check(new URL('https://93.184.215.14/cb'))).toMatchObject({
      address: '93.184.215.14',
    });
  });

  it.each([
    ['http://app.example/cb', 'https'],
    ['http://127.0.0.1:8080/internal-admin/', 'https'],
    ['https://127.0.0.1/internal-admin/', 'address'],
    ['https://0x7f000001/', 'address'],
    ['https://[::1]/', 'address'],
    ['https://[::ffff:127.0.0.1]/', 'address'],
    ['https://169.254.169.254/latest/meta-data/', 'address'],
    ['https://192.168.1.1/', 'address'],
    ['https://intranet.app.example/', 'address'],
    ['https://metadata.app.example/', 'address'],
    ['https://mixed.app.example/', 'address'],
    ['https://loop.app.example/', 'address'],
    ['https://localhost/', 'host'],
    ['https://intranet/', 'host'],
    ['https://printer.local/', 'host'],
    ['https://db.internal/', 'host'],
    ['https://router.home.arpa/', 'host'],
    ['https://nowhere.app.example/', 'resolve'],
    ['https://app.example:22/', 'port'],
    ['https://app.example:6379/', 'port'],
  ])('should refuse %s (%s)', async (url, rule) => {
    expect(await refusal(client, url)).toBe(rule);
  });

  it('should let loopback in, over http and on any port, only when allowed, and nothing private', async () => {
    const tests = new PinnedHttpClient({ allowLoopback: true, lookup: DNS });
    expect(await tests.check(new URL('http://127.0.0.1:9/cb'))).toMatchObject({ address: '127.0.0.1' });
    expect(await tests.check(new URL('http://localhost:9/cb'))).toMatchObject({ address: '127.0.0.1' });
    expect(await tests.check(new URL('http://loop.app.example:9/cb'))).toMatchObject({
      address: '127.0.0.1',
    });
    expect(await refusal(tests, 'http://app.example/cb')).toBe('https');
    expect(await refusal(tests, 'https://intranet.app.example/')).toBe('address');
    expect(await refusal(tests, 'http://mixed.app.example/')).toBe('address');
  });
});

describe('PinnedHttpClient.postJson', () => {
  it('should connect to the checked address, not to what the name resolves to later', async () => {
    const received: Array<{ host?: string; body: string }> = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ host: request.headers.host, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const dns = fakeDns({ 'callback.app.example': ['127.0.0.1'] });
      const client = new PinnedHttpClient({ allowLoopback: true, lookup: dns });
      const target = await client.check(new URL(`http://callback.app.example:${port}/cb`));
      // The name no longer resolves (this machine's resolver never knew it): the connection uses the pin.
      const status = await client.postJson(target, { a: 1 }, 5000);
      expect(status).toBe(204);
      expect(dns.asked).toEqual(['callback.app.example']);
      expect(received).toEqual([{ host: `callback.app.example:${port}`, body: '{"a":1}' }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('should fail with an OutboundError when nothing answers', async () => {
    const client = new PinnedHttpClient({ allowLoopback: true });
    const target = await client.check(new URL('http://127.0.0.1:1/cb'));
    await expect(client.postJson(target, {}, 2000)).rejects.toMatchObject({ kind: 'network' });
  });
});
