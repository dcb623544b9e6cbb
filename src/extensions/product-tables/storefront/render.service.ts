import { randomInt } from 'node:crypto';
import type { Principal } from '../../../platform/auth/principal.js';
import type { ShopCategory, ShopProduct } from '../../../shop/shop-api.js';
import type { ExtensionContext } from '../../define-extension.js';
import type { TableConfig } from '../config/table-config.schemas.js';
import { readSettings } from '../settings/settings.store.js';
import { type RenderedTable, renderTableView, type TableView } from './table-markup.js';
import { type RenderQuery, tableProductsPage } from './table-query.js';

/** Which table to render, for whom, and where it is shown. */
export interface RenderRequest {
  /** The stored table's id, or null for an unsaved preview. */
  id: number | null;
  config: TableConfig;
  query: RenderQuery;
  /** The visitor (their cart and Store API nonce go into the markup); null for admin previews. */
  viewer: Principal | null;
  /** The page showing the table (pagination links and the no-script form point here). */
  pageUrl: string;
}

/** Loads a page of the table's products and renders the whole storefront markup (reference §3.2). */
export async function renderTable(
  ctx: ExtensionContext,
  request: RenderRequest,
): Promise<RenderedTable & { total: number; page: number }> {
  const { config } = request;
  const [settings, categories] = await Promise.all([readSettings(ctx.options), ctx.shop.listCategories()]);
  const bySlug = new Map(categories.map((c) => [c.slug, c.id]));
  const page = await tableProductsPage(ctx.shop, config, request.query, async (slugs) =>
    slugs.map((s) => bySlug.get(s)).filter((id): id is number => id !== undefined),
  );
  const [children, cart] = await Promise.all([
    groupedChildren(ctx, page.items),
    visitorCart(ctx, request.viewer),
  ]);
  const view: TableView = {
    wrapperId:
      request.id === null
        ? `producttables-table-preview-${randomInt(1000, 10000)}`
        : `producttables-table-${request.id}`,
    tableId: request.id,
    config,
    products: page.items,
    total: page.total,
    page: page.page,
    children,
    categories: filterCategories(config, categories),
    query: request.query,
    pageUrl: request.pageUrl,
    addToCartText: config.settings.cart.addToCartText || settings.add_to_cart_text,
    shop: ctx.shop,
    cart,
    client:
      request.viewer && request.id !== null
        ? {
            renderUrl: `/wp-json/producttables/v1/render/${request.id}`,
            storeApiUrl: '/wp-json/wc/store/v1',
            storeNonce: ctx.nonces.create(ctx.auth.nonceSubject(request.viewer), 'wc_store_api'),
            cartUrl: '/cart',
          }
        : null,
  };
  return { ...renderTableView(view), total: page.total, page: page.page };
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

async function visitorCart(ctx: ExtensionContext, viewer: Principal | null): Promise<TableView['cart']> {
  if (!viewer || viewer.kind === 'anonymous') return [];
  const cart = await ctx.shop.getCartForPrincipal(viewer);
  if (!cart) return [];
  return cart.items.map((item) => [
    item.variation_id ? `${item.product_id}:${item.variation_id}` : String(item.product_id),
    { productId: item.product_id, variationId: item.variation_id, quantity: item.quantity, attributes: {} },
  ]);
}
