import type { LightMyRequestResponse } from 'fastify';
import { ManualClock } from '../../src/platform/clock.js';
import { FetchHttpClient } from '../../src/platform/http-client/http-client.js';
import { insertProductRow } from '../../src/shop/catalog/products.repository.js';
import { videosExtension } from '../../src/extensions/videos/videos.extension.js';
import { FakeLicenseServer } from '../../src/fakes/license-server.fake.js';
import { FakeYouTube } from '../../src/fakes/youtube.fake.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** A test app running the videos extension against the fake YouTube, OAuth proxy and license server. */
export interface VideosTestApp {
  t: TestApp;
  youtube: FakeYouTube;
  licenses: FakeLicenseServer;
  clock: ManualClock;
  /** Cookie + nonce headers of an administrator. */
  admin: Record<string, string>;
  adminId: number;
  /** Cookie + nonce headers of a customer (lacks manage_videos). */
  customer: Record<string, string>;
  /** Calls a route under `/wp-json` as the administrator (or with `headers`). */
  api(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Creates a product directly in the catalog; returns its id. */
  product(input?: { name?: string; sku?: string; status?: string }): Promise<number>;
  close(): Promise<void>;
}

let productCounter = 0;

/** Starts the fakes and an app whose service URLs point at them, with an administrator and a customer logged in. */
export async function createVideosTestApp(
  options: { env?: Record<string, string>; now?: Date; sqliteFile?: string } = {},
): Promise<VideosTestApp> {
  const youtube = new FakeYouTube();
  const licenses = new FakeLicenseServer();
  const urls = await youtube.start();
  const licenseUrl = await licenses.start();
  const clock = new ManualClock(options.now ?? new Date());
  const services = {
    VIDEOS_API_BASE_URL: urls.apiBaseUrl,
    VIDEOS_OAUTH_PROXY_URL: urls.oauthProxyUrl,
    LICENSE_SERVER_URL: licenseUrl,
  };
  // The real client, with timeouts cut to 400 ms so timeout tests stay fast; it reads the app's own config
  // (like production) once the app is built.
  const clientConfig: { services: Record<string, string> } = { services: { ...services } };
  const fetchClient = new FetchHttpClient(clientConfig);
  const http = {
    request: (input: Parameters<FetchHttpClient['request']>[0]) =>
      fetchClient.request({ ...input, timeoutMs: Math.min(input.timeoutMs ?? 10_000, 400) }),
  };
  const t = await createTestApp({
    env: { ...services, ...options.env },
    options: {
      extensions: [videosExtension],
      clock,
      http,
      ...(options.sqliteFile ? { sqliteFile: options.sqliteFile } : {}),
    },
  });
  clientConfig.services = t.config.services;
  const adminUser = await t.createUser({ role: 'administrator' });
  const customerUser = await t.createUser({ role: 'customer' });
  const admin = (await t.login(adminUser)).headers;
  const customer = (await t.login(customerUser)).headers;
  return {
    t,
    youtube,
    licenses,
    clock,
    admin,
    adminId: adminUser.id,
    customer,
    api: (method, path, payload, headers = admin) =>
      t.app.inject({
        method,
        url: `/wp-json${path}`,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    async product(input = {}) {
      const n = ++productCounter;
      const now = '2026-01-01 00:00:00';
      return insertProductRow(t.ctx.db, {
        parent_id: 0,
        type: 'simple',
        status: input.status ?? 'publish',
        name: input.name ?? `Product ${n}`,
        slug: `product-${n}-${Math.random().toString(36).slice(2, 8)}`,
        sku: input.sku ?? `SKU-${n}`,
        description: '',
        short_description: '',
        regular_price: 1000,
        sale_price: null,
        price: 1000,
        max_price: 1000,
        on_sale: 0,
        stock_status: 'instock',
        manage_stock: 0,
        stock_quantity: null,
        backorders: 'no',
        images: '[]',
        attributes: '[]',
        grouped_products: '[]',
        external_url: '',
        button_text: '',
        menu_order: 0,
        average_rating: 0,
        rating_count: 0,
        total_sales: 0,
        date_created: now,
        date_modified: now,
      });
    },
    async close() {
      await t.close();
      await youtube.stop();
      await licenses.stop();
    },
  };
}

/** Connects with a fresh API key to a channel of `videoCount` videos; returns the channel id and key. */
export async function connectApiChannel(
  v: VideosTestApp,
  videoCount = 10,
): Promise<{ channelId: string; apiKey: string }> {
  const channel = v.youtube.addChannel({ videoCount });
  const apiKey = v.youtube.issueApiKey();
  const r = await v.api('POST', '/videos/v1/auth/connect', {
    connection_method: 'api',
    api_key: apiKey,
    channel_id: channel.id,
  });
  if (r.statusCode !== 200) throw new Error(`connect failed: ${r.statusCode} ${r.body}`);
  return { channelId: channel.id, apiKey };
}
