import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOREFRONT_TOPICS } from '../../src/extensions/product-tables/storefront/render.service.js';
import { ManualClock } from '../../src/platform/clock.js';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

// The storefront's public answers through the replay lane (a listening server: app.inject skips the lane).
const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
let h: PtTestApp;
let base: string;
let tableId: number;
beforeAll(async () => {
  h = await createPtTestApp({ clock });
  await h.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.t.app.server.address() as { port: number }).port}`;
  await h.product({ name: 'First product', regular_price: '10.00' });
  tableId = (
    await h.api('POST', '/tables', {
      data: { title: 'Replayed', columns: [{ id: 'name', type: 'name', heading: 'Name' }] },
    })
  ).json().id;
});
afterAll(async () => h.t.close());

const lane = () => h.t.app.replayLane;

/** Waits until this process has seen its own last write committed (until then nothing of its topics is kept). */
const settled = () => vi.waitFor(() => expect(h.t.ctx.versions.stamp(STOREFRONT_TOPICS)).not.toBeNull());

async function get(path: string, headers: Record<string, string> = {}) {
  const before = lane().replayed;
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  return { status: response.status, body, replayed: lane().replayed > before };
}

const renderPath = () => `/wp-json/producttables/v1/render/${tableId}`;

describe('storefront answers through the replay lane', () => {
  it('should replay the public render while nothing changes, and show a catalog change at once', async () => {
    await settled();
    const first = await get(renderPath());
    const second = await get(renderPath());
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
    expect(JSON.parse(second.body).total).toBe(1);
    await h.product({ name: 'Second product', regular_price: '10.00' });
    const later = await get(renderPath());
    expect(later.replayed).toBe(false);
    expect(JSON.parse(later.body).total).toBe(2);
  });

  it('should show a table change at once instead of the replayed rendering', async () => {
    await settled();
    await get(renderPath());
    expect((await get(renderPath())).replayed).toBe(true);
    await h.api('POST', '/tables', {
      data: { id: tableId, columns: [{ id: 'n2', type: 'name', heading: 'Renamed' }] },
    });
    const after = await get(renderPath());
    expect(after.replayed).toBe(false);
    expect(JSON.parse(after.body).html).toContain('data-label="Renamed"');
  });

  it('should 404 at once when the table is unpublished', async () => {
    await settled();
    await get(renderPath());
    expect((await get(renderPath())).replayed).toBe(true);
    await h.api('POST', '/tables', { data: { id: tableId, status: 'draft' } });
    expect((await get(renderPath())).status).toBe(404);
    await h.api('POST', '/tables', { data: { id: tableId, status: 'publish' } });
  });

  it('should refuse wrong credentials every time, and replay to valid ones only as their cached principal', async () => {
    const auth = { authorization: `Basic ${Buffer.from('nobody:wrong').toString('base64')}` };
    expect((await get(renderPath(), auth)).status).toBe(401);
    expect((await get(renderPath(), auth)).status).toBe(401);
    const good = await h.t.appPasswordHeader(await h.t.createUser({ role: 'customer' }));
    await settled();
    await get(renderPath(), good);
    expect((await get(renderPath(), good)).replayed).toBe(true);
  });

  // The page holds the visitor's Store API nonce and cart lines, which are not cache topics: it is not replayed
  // (each visitor's request goes through Fastify; the rendering itself comes from the render cache).
  it('should answer the public page through Fastify every time, the same page to visitors without a cart', async () => {
    const page = `/product-table/${tableId}`;
    await settled();
    const first = await get(page);
    const again = await get(page);
    expect([first.status, first.replayed, again.status, again.replayed]).toEqual([200, false, 200, false]);
    expect(again.body).toBe(first.body);
  });

  it('should answer the page with a new Store API nonce when the nonce tick changes', async () => {
    const page = `/product-table/${tableId}`;
    const before = await get(page);
    clock.advance(12 * 3600 * 1000);
    const after = await get(page);
    expect(after.replayed).toBe(false);
    expect(after.body).not.toBe(before.body);
  });
});

describe('the catalog pickers through the replay lane', () => {
  beforeEach(async () => {
    await h.relogin(); // the tests above moved the clock past the nonce's lifetime
  });

  it('should replay a product search while the catalogue is unchanged, and show a new product at once', async () => {
    const path = '/wp-json/producttables/v1/products?sku=PICK';
    await settled();
    const first = await get(path, h.admin);
    const second = await get(path, h.admin);
    expect([first.status, first.replayed, second.replayed]).toEqual([200, false, true]);
    expect(JSON.parse(second.body)).toEqual([]);
    await h.product({ name: 'Picked product', sku: 'PICK-1', regular_price: '3.00' });
    const after = await get(path, h.admin);
    expect(after.replayed).toBe(false);
    expect(JSON.parse(after.body)).toMatchObject([{ sku: 'PICK-1' }]);
  });
});

describe('the preview through the replay lane (a POST that only computes)', () => {
  beforeEach(async () => {
    await h.relogin(); // the tests above moved the clock past the nonce's lifetime
  });

  it('should replay a repeated preview POST only for the same body, and parse any other body as before', async () => {
    const body = JSON.stringify({ data: { id: tableId, style: { header: { bgColor: '#102030' } } } });
    await settled();
    const first = await post(previewPath, body);
    const second = await post(previewPath, body);
    const third = await post(previewPath, body);
    expect([first.status, first.replayed, second.replayed, third.replayed]).toEqual([200, false, true, true]);
    expect(second).toEqual({ ...first, replayed: true });
    expect(third).toEqual(second);
    expect(JSON.parse(brotliOrGzip(third)).css).toContain('#102030');
    // Same URL and credentials, another body: read by the lane, then put back for Fastify.
    const other = await post(previewPath, body.replace('#102030', '#405060'));
    expect(other.replayed).toBe(false);
    expect(JSON.parse(brotliOrGzip(other)).css).toContain('#405060');
    const broken = await post(previewPath, body.slice(0, -1));
    expect([broken.status, JSON.parse(broken.raw.toString()).code]).toEqual([400, 'rest_invalid_json']);
    const invalid = await post(previewPath, JSON.stringify({ data: { id: tableId, style: 'red' } }));
    expect(invalid.status).toBe(400);
  });

  it('should read a replayable POST body that arrives in pieces, whether it is replayed or not', async () => {
    const body = JSON.stringify({ data: { id: tableId, style: { header: { bgColor: '#aabbcc' } } } });
    await settled();
    await post(previewPath, body);
    const whole = await post(previewPath, body);
    const pieces = await post(previewPath, body, { pieces: 3 });
    expect(pieces).toEqual({ ...whole, replayed: true });
    const otherInPieces = await post(previewPath, body.replace('#aabbcc', '#ccbbaa'), { pieces: 4 });
    expect(otherInPieces.replayed).toBe(false);
    expect(JSON.parse(brotliOrGzip(otherInPieces)).css).toContain('#ccbbaa');
  });

  it('should not replay a preview after the table changed, to another session or nonce, or for a large body', async () => {
    const body = JSON.stringify({ data: { id: tableId, style: { header: { bgColor: '#123456' } } } });
    await settled();
    await post(previewPath, body);
    expect((await post(previewPath, body)).replayed).toBe(true);
    await h.api('POST', '/tables', { data: { id: tableId, title: 'Replayed again' } });
    expect((await post(previewPath, body)).replayed).toBe(false);
    expect((await post(previewPath, body, { headers: { 'x-wp-nonce': 'bad' } })).status).toBe(401);
    const shopper = (await h.t.login(await h.t.createUser({ role: 'customer' }))).headers;
    const customer = await post(previewPath, body, { headers: shopper });
    expect(customer.status).toBe(403);
    const columns = Array.from({ length: 40 }, (_, i) => ({
      id: `c${i}`,
      type: 'name',
      heading: 'h'.repeat(200),
    }));
    const large = JSON.stringify({ data: { id: tableId, columns } }); // over the lane's 8 kB
    const sizes = [
      await post(previewPath, large),
      await post(previewPath, large),
      await post(previewPath, large),
    ];
    expect(sizes.map((r) => [r.status, r.replayed])).toEqual([
      [200, false],
      [200, false],
      [200, false],
    ]);
  });
});

const previewPath = '/wp-json/producttables/v1/preview';

interface Posted {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  replayed: boolean;
}

/** POSTs a JSON body as the admin on a raw connection (optionally written in `pieces` with pauses between). */
async function post(
  path: string,
  body: string,
  options: { headers?: Record<string, string>; pieces?: number } = {},
): Promise<Posted> {
  const before = lane().replayed;
  const bytes = Buffer.from(body);
  const { status, headers, raw } = await new Promise<Omit<Posted, 'replayed'>>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, {
      method: 'POST',
      headers: {
        ...h.admin,
        ...options.headers,
        'content-type': 'application/json',
        'content-length': String(bytes.length),
        'accept-encoding': 'gzip, br',
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const { date: _date, ...rest } = res.headers;
        resolve({ status: res.statusCode!, headers: rest, raw: Buffer.concat(chunks) });
      });
    });
    const pieces = options.pieces ?? 1;
    const size = Math.ceil(bytes.length / pieces);
    const writePiece = (i: number): void => {
      if (i >= pieces) return void req.end();
      req.write(bytes.subarray(i * size, (i + 1) * size));
      req.flushHeaders();
      setTimeout(() => writePiece(i + 1), 20);
    };
    writePiece(0);
  });
  return { status, headers, raw, replayed: lane().replayed > before };
}

function brotliOrGzip(answer: Posted): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.raw).toString();
  if (encoding === 'gzip') return gunzipSync(answer.raw).toString();
  return answer.raw.toString();
}
