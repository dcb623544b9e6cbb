import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { OutboundError } from './http-client.js';
import { isLoopbackAddress, isPublicAddress } from './public-address.js';

/** A user-given URL that passed the checks, and the address its connection must use. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (node's `dns.lookup` with `all: true`, or a fake in tests). */
export type HostLookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** Why a user-given URL may not be requested; the message completes "The callback_url …". */
export class UnsafeUrlError extends Error {
  constructor(
    readonly rule: 'https' | 'port' | 'host' | 'resolve' | 'address',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Outbound requests to URLs that users give (an app's `callback_url`), as WordPress's `wp_safe_remote_post`:
 * HTTPS only, ports 443, 80 or 8080, a public DNS name or address, every address it resolves to public; the
 * connection then goes to the address that was checked, so a DNS answer that changes in between (rebinding)
 * cannot send it elsewhere.
 */
export interface PublicHttpClient {
  /** Checks the URL and resolves its host once; throws UnsafeUrlError naming the rule it breaks. */
  check(url: URL): Promise<CheckedTarget>;
  /** POSTs `body` as JSON to a checked target (no redirects followed); the answer's status, or OutboundError. */
  postJson(target: CheckedTarget, body: unknown, timeoutMs: number): Promise<number>;
}

// Names that only ever mean a host inside a network (RFC 6761, RFC 8375, ICANN's private-use `.internal`).
const INTERNAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'home.arpa',
  'invalid',
  'lan',
  'home',
  'corp',
  'intranet',
];
const SAFE_PORTS = ['', '80', '443', '8080'];

/** The PublicHttpClient over node:http(s); `allowLoopback` (tests only) also lets loopback addresses in, over http. */
export class PinnedHttpClient implements PublicHttpClient {
  private readonly allowLoopback: boolean;
  private readonly lookup: HostLookup;

  constructor(options: { allowLoopback?: boolean; lookup?: HostLookup } = {}) {
    this.allowLoopback = options.allowLoopback ?? false;
    this.lookup = options.lookup ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));
  }

  async check(url: URL): Promise<CheckedTarget> {
    if (url.protocol !== 'https:' && !this.allowLoopback)
      throw new UnsafeUrlError('https', 'needs to be over SSL');
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await this.resolve(host);
    const loopback = this.allowLoopback && addresses.every((a) => isLoopbackAddress(a.address));
    if (!loopback) {
      if (addresses.some((a) => !isPublicAddress(a.address)))
        throw new UnsafeUrlError('address', 'must not point to a loopback, private or link-local address');
      if (url.protocol !== 'https:') throw new UnsafeUrlError('https', 'needs to be over SSL');
      if (!SAFE_PORTS.includes(url.port))
        throw new UnsafeUrlError('port', 'must use the port 443, 80 or 8080');
    }
    const first = addresses[0]!;
    return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  postJson(target: CheckedTarget, body: unknown, timeoutMs: number): Promise<number> {
    const payload = JSON.stringify(body);
    const transport = target.url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        target.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          lookup: pinnedLookup(target),
          // A fresh connection each time: a pooled socket would not have gone through this target's check.
          agent: false,
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', (error) => reject(outboundError(error)));
        },
      );
      request.on('error', (error) => reject(outboundError(error)));
      request.end(payload);
    });
  }

  private async resolve(host: string): Promise<Array<{ address: string; family: number }>> {
    const internal =
      !host.includes('.') ||
      INTERNAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
    if (internal && !(this.allowLoopback && host === 'localhost'))
      throw new UnsafeUrlError('host', 'must name a public host (not a single label, .local, .internal …)');
    let addresses: Array<{ address: string; family: number }>;
    try {
      addresses = await this.lookup(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new UnsafeUrlError('resolve', 'host could not be resolved');
    return addresses;
  }
}

/** A `lookup` for node's connect that answers the checked address whatever it is asked. */
function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function outboundError(error: Error): OutboundError {
  return new OutboundError(error.message, error.name === 'TimeoutError' ? 'timeout' : 'network');
}
