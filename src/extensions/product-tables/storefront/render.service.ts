import { createHash, randomInt } from 'node:crypto';
import type { Principal } from '../../../platform/auth/principal.js';
import { CacheGeneration } from '../../../platform/cache/cache-generation.js';
import { TtlCache } from '../../../platform/cache/ttl-cache.js';
import type { ShopCategory, ShopProduct } from '../../../shop/shop-api.js';
import type { ExtensionContext } from '../../define-extension.js';
import type { TableConfig } from '../config/table-config.schemas.js';
import type { EncodedBody } from '../../../platform/http/encoded-body.js';
import type { SharedPart } from '../../../platform/http/spliced-body.js';
import type { PluginSettings } from '../settings/settings.schemas.js';
import { readSettings } from '../settings/settings.store.js';
import { findTable, type StoredTable } from '../tables/tables.repository.js';
import {
  type CartLines,
  type RenderedTable,
  renderTableBody,
  renderTableHead,
  type TableBody,
  type VisitorParts,
} from './table-markup.js';
import { productsPageKey, type RenderQuery, tableProductsPage } from './table-query.js';

/** Which table to render and where it is shown. */
export interface RenderRequest {
  /** The stored table's id, or null for an unsaved preview. */
  id: number | null;
  config: TableConfig;
  /** The stored table's `modified_at` (cache key); absent for previews, whose configuration is hashed instead. */
  version?: string;
  query: RenderQuery;
  /** The page showing the table (pagination links and the no-script form point here). */
  pageUrl: string;
}

/**
 * A rendered table with its page of results. The `*Bytes` fields are filled by the routes on first use and live
 * as long as the cached entry: encoding 100 rows of markup to UTF-8 on every response would cost more than
 * everything else on a cache hit.
 */
export type RenderResult = RenderedTable & {
  total: number;
  page: number;
  /** The style-independent part, shared with the renderings of other styles of the same table, query and page. */
  body: RenderedBody;
  /** The whole public page for visitors without a cart, with the Store API nonce it was built for. */
  anonymousPage?: { nonce: string; body: EncodedBody };
  /** The public render endpoint's JSON body. */
  jsonBody?: EncodedBody;
  /** The preview endpoint's JSON body. */
  previewBody?: EncodedBody;
  /** `tail` as UTF-8. */
  tailBytes?: Buffer;
};

/** The style-independent part of a rendering with its page of results (cached on its own, see `renderTable`). */
export interface RenderedBody extends TableBody {
  total: number;
  page: number;
  /** When its cache entry expires (ms): renderings built on it expire no later, so no catalog data outlives it. */
  expires: number;
  /** `tail` as the inside of a JSON string (the bulk of the preview bodies built on this body). */
  tailJson?: SharedPart;
}

/** A page of a table's catalog query, with the catalog data its markup needs besides the products. */
interface CatalogPage {
  items: ShopProduct[];
  total: number;
  page: number;
  categories: ShopCategory[];
  /** Children of the grouped products on the page. */
  children: Map<number, ShopProduct>;
  /** When its cache entry expires (ms); bodies built on it expire no later. */
  expires: number;
}

interface RenderCaches {
  renders: TtlCache<RenderResult>;
  bodies: TtlCache<RenderedBody>;
  pages: TtlCache<CatalogPage>;
  tables: TtlCache<{ table: StoredTable | null }>;
  settings: TtlCache<PluginSettings>;
}

const caches = new WeakMap<ExtensionContext, RenderCaches>();

/**
 * Loads a page of the table's products and renders the storefront markup (reference §3.2) without the visitor's
 * part. Identical requests (same configuration, query, page and texts) reuse the result for `render_cache_seconds`;
 * requests that differ only in `config.style` share the body (products, rows, controls, pagination) and render
 * only the CSS and the wrapper's opening tag. Nothing read before `clearRenderCaches` is stored after it.
 */
export async function renderTable(ctx: ExtensionContext, request: RenderRequest): Promise<RenderResult> {
  const { renders } = cachesOf(ctx);
  const since = renders.stamp();
  const settings = await cachedSettings(ctx);
  const keys = configKeys(request);
  const where = [request.query, request.pageUrl, settings.add_to_cart_text];
  const key = JSON.stringify([keys.body, keys.style, ...where]);
  const cached = renders.get(key);
  if (cached) return cached;
  const body = await renderedBody(ctx, request, settings, JSON.stringify([keys.body, ...where]), since);
  const head = renderTableHead({
    wrapperId:
      request.id === null
        ? `producttables-table-preview-${randomInt(1000, 10000)}`
        : `producttables-table-${request.id}`,
    tableId: request.id,
    config: request.config,
    pageUrl: request.pageUrl,
    addToCartText: addToCartText(request.config, settings),
    shop: ctx.shop,
  });
  const { tail, rows, pagination, totalPages, total, page } = body;
  const result = { ...head, tail, rows, pagination, totalPages, total, page, body };
  renders.set(key, result, body.expires - ctx.clock.now().getTime(), since);
  renderKeys.set(result, key);
  return result;
}

const renderKeys = new WeakMap<RenderResult, string>();

/** A check that holds while `result` is still the cached rendering of the stored table `table` (as read now). */
export function whileRenderCached(
  ctx: ExtensionContext,
  table: StoredTable,
  result: RenderResult,
): () => boolean {
  const key = renderKeys.get(result);
  const { renders } = cachesOf(ctx);
  return () => key !== undefined && tableIfCached(ctx, table.id) === table && renders.get(key) === result;
}

/** The visitor's part of a table's markup: script endpoints, a Store API nonce for them, their cart lines. */
export async function visitorParts(
  ctx: ExtensionContext,
  id: number,
  viewer: Principal,
): Promise<VisitorParts> {
  return {
    renderUrl: `/wp-json/producttables/v1/render/${id}`,
    storeApiUrl: '/wp-json/wc/store/v1',
    cartUrl: '/cart',
    storeNonce: visitorNonce(ctx, viewer),
    cart: await visitorCart(ctx, viewer),
  };
}

/** The Store API nonce the table's script uses for this visitor (changes with the nonce tick). */
export function visitorNonce(ctx: ExtensionContext, viewer: Principal): string {
  return ctx.nonces.create(ctx.auth.nonceSubject(viewer), 'wc_store_api');
}

/** Forgets every cached rendering and the cached settings (after a table or the settings change). */
export function clearRenderCaches(ctx: ExtensionContext): void {
  const found = caches.get(ctx);
  found?.renders.clear();
  found?.bodies.clear();
  found?.pages.clear();
  found?.tables.clear();
  found?.settings.clear();
}

/** A stored table for the storefront, re-read at most once per `render_cache_seconds`. */
export async function cachedTable(ctx: ExtensionContext, id: number): Promise<StoredTable | null> {
  const cached = tableIfCached(ctx, id);
  if (cached !== undefined) return cached;
  const { tables } = cachesOf(ctx);
  const since = tables.stamp();
  const [table, settings] = await Promise.all([findTable(ctx.db, id), cachedSettings(ctx)]);
  tables.set(String(id), { table }, settings.render_cache_seconds * 1000, since);
  return table;
}

/** The stored table as `cachedTable` has it (null: there is none), or undefined when it must be read. */
export function tableIfCached(ctx: ExtensionContext, id: number): StoredTable | null | undefined {
  return cachesOf(ctx).tables.get(String(id))?.table;
}

/** The settings, re-read at most once per `render_cache_seconds`. */
export async function cachedSettings(ctx: ExtensionContext): Promise<PluginSettings> {
  const cached = settingsIfCached(ctx);
  if (cached) return cached;
  const { settings } = cachesOf(ctx);
  const since = settings.stamp();
  const fresh = await readSettings(ctx.options);
  settings.set('settings', fresh, fresh.render_cache_seconds * 1000, since);
  return fresh;
}

/** The settings as `cachedSettings` has them, or undefined when they must be read. */
export function settingsIfCached(ctx: ExtensionContext): PluginSettings | undefined {
  return cachesOf(ctx).settings.get('settings');
}

function cachesOf(ctx: ExtensionContext): RenderCaches {
  let found = caches.get(ctx);
  if (!found) {
    // One generation: a clear of any of them drops the answers still being read for all of them.
    const options = {
      maxEntries: 200,
      now: () => ctx.clock.now().getTime(),
      generation: new CacheGeneration(),
    };
    found = {
      renders: new TtlCache(options),
      bodies: new TtlCache(options),
      pages: new TtlCache(options),
      tables: new TtlCache(options),
      settings: new TtlCache({ ...options, maxEntries: 1 }),
    };
    caches.set(ctx, found);
  }
  return found;
}

const keysByConfig = new WeakMap<TableConfig, { id: number | null; body: string; style: string }>();

/**
 * A stored table is identified by its id and modification time; a preview by a hash of its configuration without
 * the style (the body's key) and its style. Computed once per configuration object (the preview reuses them).
 */
function configKeys(request: RenderRequest): { body: string; style: string } {
  if (request.version) return { body: `${request.id}@${request.version}`, style: '' };
  const known = keysByConfig.get(request.config);
  if (known?.id === request.id) return known;
  const { style, ...rest } = request.config;
  const keys = {
    id: request.id,
    body: createHash('sha1')
      .update(JSON.stringify([request.id, rest]))
      .digest('base64'),
    style: JSON.stringify(style),
  };
  keysByConfig.set(request.config, keys);
  return keys;
}

async function renderedBody(
  ctx: ExtensionContext,
  request: RenderRequest,
  settings: PluginSettings,
  key: string,
  since: number,
): Promise<RenderedBody> {
  const { bodies } = cachesOf(ctx);
  const cached = bodies.get(key);
  if (cached) return cached;
  const { config } = request;
  const page = await catalogPage(ctx, config, request.query, settings, since);
  const markup = renderTableBody({
    tableId: request.id,
    config,
    products: page.items,
    total: page.total,
    page: page.page,
    children: page.children,
    categories: filterCategories(config, page.categories),
    query: request.query,
    pageUrl: request.pageUrl,
    addToCartText: addToCartText(config, settings),
    shop: ctx.shop,
  });
  const body = { ...markup, total: page.total, page: page.page, expires: page.expires };
  bodies.set(key, body, page.expires - ctx.clock.now().getTime(), since);
  return body;
}

/**
 * The catalog page a table shows for a query, shared by every configuration with the same source, page size and
 * pagination (an edit of columns, texts or features in the wizard re-renders the rows without querying again).
 */
async function catalogPage(
  ctx: ExtensionContext,
  config: TableConfig,
  query: RenderQuery,
  settings: PluginSettings,
  since: number,
): Promise<CatalogPage> {
  const { pages } = cachesOf(ctx);
  const key = productsPageKey(config, query);
  const cached = pages.get(key);
  if (cached) return cached;
  const categories = await ctx.shop.listCategories();
  const bySlug = new Map(categories.map((c) => [c.slug, c.id]));
  const page = await tableProductsPage(ctx.shop, config, query, async (slugs) =>
    slugs.map((s) => bySlug.get(s)).filter((id): id is number => id !== undefined),
  );
  const ttl = settings.render_cache_seconds * 1000;
  const found = {
    items: page.items,
    total: page.total,
    page: page.page,
    categories,
    children: await groupedChildren(ctx, page.items),
    expires: ctx.clock.now().getTime() + ttl,
  };
  pages.set(key, found, ttl, since);
  return found;
}

function addToCartText(config: TableConfig, settings: PluginSettings): string {
  return config.settings.cart.addToCartText || settings.add_to_cart_text;
}

/** The categories a table's filter bar offers: the source's own for category tables, else every non-empty one. */
function filterCategories(
  config: TableConfig,
  categories: ShopCategory[],
): Array<{ slug: string; name: string }> {
  const own = config.source.type === 'category' ? new Set(config.source.queryArgs.categoryIds) : null;
  return categories
    .filter((c) => (own ? own.has(c.id) : c.count > 0))
    .map((c) => ({ slug: c.slug, name: c.name }));
}

async function groupedChildren(
  ctx: ExtensionContext,
  products: ShopProduct[],
): Promise<Map<number, ShopProduct>> {
  const ids = products.filter((p) => p.type === 'grouped').flatMap((p) => p.grouped_products);
  if (ids.length === 0) return new Map();
  const children = await ctx.shop.getProducts([...new Set(ids)]);
  return new Map(children.filter((c) => c.status === 'publish').map((c) => [c.id, c]));
}

async function visitorCart(ctx: ExtensionContext, viewer: Principal): Promise<CartLines> {
  if (viewer.kind === 'anonymous') return [];
  const cart = await ctx.shop.getCartForPrincipal(viewer);
  if (!cart) return [];
  return cart.items.map((item) => [
    item.variation_id ? `${item.product_id}:${item.variation_id}` : String(item.product_id),
    { productId: item.product_id, variationId: item.variation_id, quantity: item.quantity, attributes: {} },
  ]);
}
