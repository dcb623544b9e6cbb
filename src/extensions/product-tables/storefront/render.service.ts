import { createHash, randomInt } from 'node:crypto';
import type { Principal } from '../../../platform/auth/principal.js';
import { declareCache } from '../../../platform/cache/cache-layer.js';
import { type ShopCategory, type ShopProduct, SHOP_TOPICS } from '../../../shop/shop-api.js';
import type { ExtensionContext } from '../../define-extension.js';
import type { TableConfig } from '../config/table-config.schemas.js';
import type { EncodedBody } from '../../../platform/http/encoded-body.js';
import type { SharedPart } from '../../../platform/http/spliced-body.js';
import type { PluginSettings } from '../settings/settings.schemas.js';
import { readSettings } from '../settings/settings.js';
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
import { PRODUCT_TABLES_TOPICS } from '../product-tables.topics.js';
import { PLATFORM_TOPICS, type Topic } from '../../../platform/cache/topics.js';

/**
 * What the storefront's answers are made of: the stored tables, the settings (the shop's tax options among the
 * options) and the catalogue with the tax rates its prices are shown with. Its routes name
 * them (`config.cache.topics`) and the caches below keep an entry only while they hold, on every instance; a
 * write to any of them (in its transaction, see the repositories) drops them at once.
 */
export const STOREFRONT_TOPICS: readonly Topic[] = [
  PRODUCT_TABLES_TOPICS.tables,
  PLATFORM_TOPICS.options,
  SHOP_TOPICS.catalog,
  SHOP_TOPICS.tax,
];

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
  /** The whole public page for visitors without a cart, with the Store API nonce and shop's frame it holds. */
  anonymousPage?: { nonce: string; start: string; end: string; body: EncodedBody };
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
}

/** The versions of the storefront's topics now (null: not to be cached), taken before a read. */
function storefrontStamp(ctx: ExtensionContext): string | null {
  return ctx.versions.stamp(STOREFRONT_TOPICS);
}

/** Storefront caches: entries live `render_cache_seconds` at most (each `set` gives it; 0: nothing is kept). */
const RENDERS = declareCache<RenderResult>({ topics: STOREFRONT_TOPICS, max: 200, ttlMs: 0 });
const BODIES = declareCache<RenderedBody>({ topics: STOREFRONT_TOPICS, max: 200, ttlMs: 0 });
const PAGES = declareCache<CatalogPage>({ topics: STOREFRONT_TOPICS, max: 200, ttlMs: 0 });
const TABLES = declareCache<{ table: StoredTable | null }>({ topics: STOREFRONT_TOPICS, max: 200, ttlMs: 0 });
const SETTINGS = declareCache<PluginSettings>({ topics: STOREFRONT_TOPICS, max: 1, ttlMs: 0 });

/**
 * Loads a page of the table's products and renders the storefront markup (reference §3.2) without the visitor's
 * part. Identical requests (same configuration, query, page and texts) reuse the result while the tables, the
 * settings and the catalogue are unchanged (`render_cache_seconds` at most); requests that differ only in
 * `config.style` share the body (products, rows, controls, pagination) and render only the CSS and the wrapper's
 * opening tag.
 */
export async function renderTable(ctx: ExtensionContext, request: RenderRequest): Promise<RenderResult> {
  const renders = ctx.caches.of(RENDERS);
  const since = storefrontStamp(ctx);
  const settings = await cachedSettings(ctx);
  const keys = configKeys(request);
  const where = [request.query, request.pageUrl, settings.add_to_cart_text];
  const key = [keys.body, keys.style, ...where];
  const cached = renders.get(key);
  if (cached) return cached;
  const body = await renderedBody(ctx, request, settings, [keys.body, ...where], since);
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
  renders.set(key, result, since, ttlOf(settings));
  return result;
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
    storeNonce: ctx.nonces.create(ctx.auth.nonceSubject(viewer), 'wc_store_api'),
    cart: await visitorCart(ctx, viewer),
  };
}

/** A stored table for the storefront (null: there is none), read again after any change of the topics. */
export async function cachedTable(ctx: ExtensionContext, id: number): Promise<StoredTable | null> {
  const tables = ctx.caches.of(TABLES);
  const cached = tables.get(id);
  if (cached) return cached.table;
  const since = storefrontStamp(ctx);
  const [table, settings] = await Promise.all([findTable(ctx.db, id), cachedSettings(ctx)]);
  tables.set(id, { table }, since, ttlOf(settings));
  return table;
}

/** The settings, read again after any change of the topics. */
export async function cachedSettings(ctx: ExtensionContext): Promise<PluginSettings> {
  const settings = ctx.caches.of(SETTINGS);
  const cached = settings.get('settings');
  if (cached) return cached;
  const since = storefrontStamp(ctx);
  const fresh = await readSettings(ctx);
  settings.set('settings', fresh, since, ttlOf(fresh));
  return fresh;
}

/** How long a storefront cache entry lives at most (0: not cached). */
function ttlOf(settings: PluginSettings): number {
  return settings.render_cache_seconds * 1000;
}

/**
 * A stored table is identified by its id and modification time; a preview by a hash of its configuration without
 * the style (the body's key) and its style.
 */
function configKeys(request: RenderRequest): { body: string; style: string } {
  if (request.version) return { body: `${request.id}@${request.version}`, style: '' };
  const { style, ...rest } = request.config;
  return {
    body: createHash('sha1')
      .update(JSON.stringify([request.id, rest]))
      .digest('base64'),
    style: JSON.stringify(style),
  };
}

async function renderedBody(
  ctx: ExtensionContext,
  request: RenderRequest,
  settings: PluginSettings,
  key: unknown[],
  since: string | null,
): Promise<RenderedBody> {
  const bodies = ctx.caches.of(BODIES);
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
  const body = { ...markup, total: page.total, page: page.page };
  bodies.set(key, body, since, ttlOf(settings));
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
  since: string | null,
): Promise<CatalogPage> {
  const pages = ctx.caches.of(PAGES);
  const key = productsPageKey(config, query);
  const cached = pages.get(key);
  if (cached) return cached;
  const categories = await ctx.shop.listCategories();
  const bySlug = new Map(categories.map((c) => [c.slug, c.id]));
  const page = await tableProductsPage(ctx.shop, config, query, async (slugs) =>
    slugs.map((s) => bySlug.get(s)).filter((id): id is number => id !== undefined),
  );
  // Prices as the shop shows them (`woocommerce_tax_display_shop`), for the price column and every data-price.
  const found = {
    items: await ctx.shop.pricesForShopDisplay(page.items),
    total: page.total,
    page: page.page,
    categories,
    children: await groupedChildren(ctx, page.items),
  };
  pages.set(key, found, since, ttlOf(settings));
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
  const children = await ctx.shop.pricesForShopDisplay(await ctx.shop.getProducts([...new Set(ids)]));
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
