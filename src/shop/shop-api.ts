import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser, Principal } from '../platform/auth/principal.js';
import { defineTopics } from '../platform/cache/topics.js';
import type { DbOrTrx } from '../platform/db/database.js';
import type { SafeHtml } from '../platform/http/html.js';

/**
 * The shop's public API for extensions: the only door into `shop/` besides events (see shop-events.ts).
 * Money is integer minor units everywhere here; the shop formats decimals at its own REST edge.
 */
export interface ShopApi {
  /** Store currency (ISO code) and its number of decimals. */
  currency: { code: string; minorUnit: number; symbol: string };

  // ---- catalog ----
  /** Products by id (any status), in the order asked; unknown ids are left out. */
  getProducts(ids: number[], db?: DbOrTrx): Promise<ShopProduct[]>;
  /**
   * What a cart line needs of products by id (any status), in the order asked, unknown ids left out: no
   * categories, images or descriptions (for hot paths such as cart snapshots). Outside a transaction, kept while
   * the catalogue is unchanged (frozen: read only); inside one (`db` a transaction), read from it.
   */
  getProductPrices(ids: number[], db?: DbOrTrx): Promise<ShopProductPrice[]>;
  /** A filtered, ordered page of products (variations never counted as products). */
  searchProducts(query: ProductQuery): Promise<{ items: ShopProduct[]; total: number }>;
  /** How many products match each query (filters of `searchProducts`), in one statement for all of them. */
  countProducts(queries: ReadonlyArray<Omit<ProductQuery, 'offset' | 'limit'>>): Promise<number[]>;
  /** Every category with the number of published products it holds. */
  listCategories(): Promise<ShopCategory[]>;
  /** Product tags by slug (unknown slugs left out), with their published-product counts. */
  getTagsBySlugs(slugs: string[]): Promise<ShopTag[]>;
  /** Every global attribute (`pa_…`) with its terms and their published-product counts. */
  listAttributes(): Promise<ShopAttribute[]>;
  /** Published products (optionally only those on sale) and how many categories hold them. */
  catalogStats(query: { onSaleOnly: boolean }): Promise<{ products: number; categories: number }>;
  /**
   * Products with their prices as the shop shows them (`woocommerce_tax_display_shop`): while taxes are on, with
   * the tax of the shop's base address added (display incl, prices entered without tax) or taken out (display
   * excl, prices entered with tax); else as they are. Pass them to `priceHtml` for the shop's price markup.
   */
  pricesForShopDisplay(products: ShopProduct[], db?: DbOrTrx): Promise<ShopProduct[]>;
  /** `12.50` style decimal string of a minor-unit amount. */
  formatMoney(minor: number): string;
  /** WooCommerce-style `price_html` of a product (sale shown as <del>/<ins>, ranges for variable products). */
  priceHtml(product: ShopProduct): string;
  /** Adds `extensions[namespace]` to Store API product responses (`GET /wc/store/v1/products[/id]`). */
  registerProductExtension(
    namespace: string,
    provider: (products: ShopProduct[]) => Promise<Record<number, unknown>>,
  ): void;

  // ---- carts (Store API sessions) ----
  /** The cart of a principal (a user's own cart or a guest cart session); null when it has none. */
  getCartForPrincipal(principal: Principal): Promise<ShopCart | null>;
  /** A cart by its session id. */
  getCart(cartSessionId: string): Promise<ShopCart | null>;
  /** Recomputes and stores a cart's totals (call after changing data your `cart.calculate_totals` handler reads). */
  recalculateCart(cartSessionId: string): Promise<ShopCart>;
  /** Adds `extensions[namespace]` to Store API cart responses. */
  registerCartExtension(namespace: string, provider: (cart: ShopCart) => Promise<unknown>): void;
  /**
   * Handles `POST /wc/store/v1/cart/extensions` posts naming `namespace` (WooCommerce's
   * `woocommerce_store_api_register_update_callback`): one callback per namespace; the route then answers the cart.
   */
  registerCartUpdateCallback(namespace: string, callback: CartUpdateCallback): void;
  /**
   * Gives this browser a cart holding `items` (replacing what it had), optionally with a coupon applied,
   * and sets the cart cookie on `reply` so redirects and server-rendered pages keep it; `billingEmail` becomes
   * the cart's e-mail (checked by coupons' e-mail restrictions, filled into the checkout form). Returns the cart.
   */
  restoreCartForBrowser(input: {
    request: FastifyRequest;
    reply: FastifyReply;
    items: Array<{ productId: number; variationId?: number; quantity: number }>;
    couponCode?: string;
    billingEmail?: string;
  }): Promise<ShopCart>;

  // ---- storefront ----
  /** Adds an extension's part to a storefront slot; the shop's pages render every part of a slot in order. */
  addStorefrontPart<S extends StorefrontSlot>(slot: S, part: StorefrontPart<S>): void;
  /** Sends an extension's own page (e.g. `/product-table/{id}`) inside the shop's header and footer. */
  sendStorefrontPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: ExtensionPage,
  ): Promise<FastifyReply>;
  /**
   * The shop's frame for an extension's page whose content is sent as is (cached bytes): the markup before and
   * after the content, and the response headers. It holds the visitor's cart count and Store API nonce.
   */
  storefrontFrame(
    request: FastifyRequest,
    page: Omit<ExtensionPage, 'body' | 'status'>,
  ): Promise<{ start: SafeHtml; end: SafeHtml; headers: Record<string, string> }>;

  // ---- coupons ----
  /** Creates a coupon (e.g. a single-use recovery coupon); a taken code is a ConflictError. */
  createCoupon(input: NewCoupon, db?: DbOrTrx): Promise<ShopCoupon>;
  /** A coupon by code (case-insensitive), or null. */
  getCoupon(code: string, db?: DbOrTrx): Promise<ShopCoupon | null>;

  // ---- orders ----
  /** An order by id, or null. */
  getOrder(id: number, db?: DbOrTrx): Promise<ShopOrder | null>;
  /** Orders matching every given filter, newest first (bounded by `limit`, default 100). */
  findOrders(
    query: {
      customerId?: number;
      billingEmail?: string;
      statuses?: OrderStatus[];
      createdAfter?: string;
      limit?: number;
    },
    db?: DbOrTrx,
  ): Promise<ShopOrder[]>;
  /** Sets one `meta_data` entry of an order (e.g. attribution), inside `db` when given. */
  setOrderMeta(orderId: number, key: string, value: unknown, db?: DbOrTrx): Promise<void>;

  // ---- demo ----
  /** Seeds the demo shop (every part's step, then `shop.demo.seeded` for extensions); idempotent. */
  seedDemo(io: { print: (line: string) => void; withFakes: boolean }): Promise<void>;
}

/**
 * The shop's cache topics. `catalog`: products, variations, categories, stock, ratings; every catalogue write bumps
 * it in its transaction, so a cached answer made of catalogue data names it (`config.cache.topics`, DataVersions).
 * `tax`: the tax rates (the tax options are platform options: `PLATFORM_TOPICS.options`).
 */
export const SHOP_TOPICS = defineTopics('shop', ['catalog', 'tax']);

/** Which products `searchProducts` returns. */
export interface ProductQuery {
  /** Name contains every word (case-insensitive). */
  search?: string;
  /** Name or SKU contains the term (case-insensitive). */
  searchNameOrSku?: string;
  /** Exactly this slug (a product page's URL). */
  slug?: string;
  /** SKU equals, or starts with when `skuPrefix` is true. */
  sku?: string;
  skuPrefix?: boolean;
  include?: number[];
  exclude?: number[];
  status?: ProductStatus | ProductStatus[];
  type?: ProductType | ProductType[];
  categoryIds?: number[];
  /** Carries any of these tags. */
  tagIds?: number[];
  /** Has, for each inner list, any of its global attribute terms (lists are ANDed). */
  attributeTermIds?: number[][];
  /** Has none of these global attribute terms. */
  excludedTermIds?: number[];
  onSale?: boolean;
  stockStatus?: StockStatus;
  orderBy?: 'date' | 'id' | 'title' | 'price' | 'popularity' | 'rating' | 'menu_order' | 'include';
  order?: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** Product status (WooCommerce). */
export type ProductStatus = 'publish' | 'draft' | 'private' | 'pending';
/** Product type (WooCommerce). */
export type ProductType = 'simple' | 'variable' | 'grouped' | 'external';
/** Stock status (WooCommerce). */
export type StockStatus = 'instock' | 'outofstock' | 'onbackorder';

/** A product as extensions see it (money in minor units). */
export interface ShopProduct {
  id: number;
  name: string;
  slug: string;
  sku: string;
  type: ProductType;
  status: ProductStatus;
  description: string;
  short_description: string;
  /** Current price (sale price while on sale), minor units; variable products: the lowest variation price. */
  price: number;
  regular_price: number;
  sale_price: number | null;
  /** Variable products: highest variation price (for ranges); else equal to `price`. */
  max_price: number;
  on_sale: boolean;
  stock_status: StockStatus;
  manage_stock: boolean;
  stock_quantity: number | null;
  backorders: 'no' | 'notify' | 'yes';
  purchasable: boolean;
  categories: Array<{ id: number; name: string; slug: string }>;
  tags: Array<{ id: number; name: string; slug: string }>;
  /** A media library image also has its title (`name`), `srcset` of its sizes and `thumbnail` URL. */
  images: Array<{ id: number; src: string; alt: string; name?: string; srcset?: string; thumbnail?: string }>;
  /** `id` > 0: a global attribute (`taxonomy` `pa_…`, options = its terms' names); else a custom one. */
  attributes: Array<{
    id?: number;
    taxonomy?: string;
    name: string;
    options: string[];
    variation: boolean;
    visible?: boolean;
  }>;
  variations: ShopVariation[];
  grouped_products: number[];
  external_url: string;
  button_text: string;
  average_rating: number;
  rating_count: number;
  /** False when the product's reviews are closed (no review form, new reviews refused). */
  reviews_allowed: boolean;
  total_sales: number;
  permalink: string;
  date_created: string;
  date_modified: string;
}

/** A product's name, SKU, status and current prices (minor units), as `getProductPrices` returns them. */
export interface ShopProductPrice {
  id: number;
  name: string;
  sku: string;
  type: ProductType;
  status: ProductStatus;
  /** Same as `ShopProduct.price`. */
  price: number;
  /** Variable products only (any status), by menu order. */
  variations: Array<{ id: number; sku: string; status: ProductStatus; price: number }>;
}

/** One variation of a variable product. */
export interface ShopVariation {
  id: number;
  sku: string;
  price: number;
  regular_price: number;
  sale_price: number | null;
  on_sale: boolean;
  stock_status: StockStatus;
  stock_quantity: number | null;
  /** Attribute name → chosen option. */
  attributes: Record<string, string>;
  image: { id: number; src: string; alt: string; name?: string } | null;
}

/** A product category with its published-product count. */
export interface ShopCategory {
  id: number;
  name: string;
  slug: string;
  parent: number;
  description: string;
  count: number;
}

/** A product tag with its published-product count. */
export interface ShopTag {
  id: number;
  name: string;
  slug: string;
  description: string;
  count: number;
}

/** A term of a global attribute with its published-product count. */
export interface ShopAttributeTerm {
  id: number;
  attribute_id: number;
  name: string;
  slug: string;
  description: string;
  menu_order: number;
  count: number;
}

/** A global product attribute (`taxonomy` = `pa_<slug>`) and its terms in the attribute's order. */
export interface ShopAttribute {
  id: number;
  name: string;
  slug: string;
  taxonomy: string;
  type: string;
  order_by: 'menu_order' | 'name' | 'name_num' | 'id';
  has_archives: boolean;
  terms: ShopAttributeTerm[];
}

/** One cart line. */
export interface ShopCartItem {
  key: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  name: string;
  sku: string;
  /** Unit price, minor units. */
  price: number;
  line_subtotal: number;
  line_total: number;
}

/** A fee on the cart (negative = discount), minor units. */
export interface ShopCartFee {
  key: string;
  name: string;
  amount: number;
}

/** A cart with computed totals (minor units). */
export interface ShopCart {
  /** The cart session id (a user's carts use `u_<userId>`; guests `t_<hex>`). */
  session_id: string;
  user_id: number | null;
  items: ShopCartItem[];
  coupons: Array<{ code: string; discount: number; virtual: boolean }>;
  fees: ShopCartFee[];
  totals: {
    /** Sum of line subtotals (before coupons). */
    total_items: number;
    total_discount: number;
    total_fees: number;
    total_shipping: number;
    total_tax: number;
    total_price: number;
  };
  billing_email: string | null;
  updated_at: string;
  /** The cart's taxes; absent while the shop charges none (`woocommerce_calc_taxes` = no). */
  taxes?: ShopCartTaxes;
}

/** One rate's tax on the cart (minor units), as an order's `tax_lines` keeps it. */
export interface ShopTaxLine {
  rate_id: number;
  /** WooCommerce's rate code, e.g. `GB-VAT-1`. */
  rate_code: string;
  label: string;
  compound: boolean;
  /** The rate as a percentage number (20, 7.25). */
  rate_percent: number;
  tax_total: number;
  shipping_tax_total: number;
}

/** A cart's taxes (minor units): per item line by key, per shipping line, per rate. */
export interface ShopCartTaxes {
  prices_include_tax: boolean;
  /** How the cart shows prices and tax (`woocommerce_tax_display_cart`, `woocommerce_tax_total_display`). */
  display_cart: 'incl' | 'excl';
  tax_total_display: 'itemized' | 'single';
  items: Record<
    string,
    { subtotal_tax: number; total_tax: number; taxes: Array<{ id: number; subtotal: number; total: number }> }
  >;
  shipping: Array<{
    key: string;
    total: number;
    total_tax: number;
    taxes: Array<{ id: number; total: number }>;
  }>;
  tax_lines: ShopTaxLine[];
  /** Tax on items after discounts. */
  cart_tax: number;
  shipping_tax: number;
  /** Tax on items before discounts (`total_items_tax`). */
  items_subtotal_tax: number;
  /** Tax the discounts took off. */
  discount_tax: number;
}

/** What a `cart.calculate_totals` handler can add. */
export interface CartTotalsHook {
  cart: Readonly<ShopCart>;
  /** Items subtotal after real coupons, before fees (the base for percentage caps). */
  subtotalAfterCoupons: number;
  /** Adds a fee (negative for a discount). */
  addFee(fee: { key: string; name: string; amount: number }): void;
  /** Adds a virtual coupon (not stored in wc/v3/coupons) discounting `amount`. */
  addVirtualCoupon(coupon: { code: string; amount: number }): void;
}

/**
 * An extension's handler of `cart/extensions` posts: `data` as posted (the callback validates it; a ValidationError
 * becomes a 400), the caller's cart as it stands, and the caller.
 */
export type CartUpdateCallback = (input: {
  data: Record<string, unknown>;
  cart: ShopCart;
  viewer: Principal;
}) => Promise<void>;

/** Coupon discount kinds (WooCommerce's): a cart amount, a percentage per line, an amount per item. */
export type CouponType = 'fixed_cart' | 'percent' | 'fixed_product';

/** Fields of a new coupon (amount: minor units for fixed_cart/fixed_product, whole percent for percent). */
export interface NewCoupon {
  code: string;
  discount_type: CouponType;
  amount: number;
  date_expires?: string | null;
  usage_limit?: number | null;
  individual_use?: boolean;
  email_restrictions?: string[];
  description?: string;
  /** Minimum items subtotal in minor units (0: none). */
  minimum_amount?: number;
  /** Maximum items subtotal in minor units (0: none). */
  maximum_amount?: number;
  usage_limit_per_user?: number | null;
  /** percent/fixed_product: at most this many items are discounted (null: all). */
  limit_usage_to_x_items?: number | null;
  product_ids?: number[];
  excluded_product_ids?: number[];
  product_categories?: number[];
  excluded_product_categories?: number[];
  exclude_sale_items?: boolean;
  /** Stored and returned; the shop charges no shipping, so it changes no total. */
  free_shipping?: boolean;
}

/** A stored coupon. */
export interface ShopCoupon extends Required<Omit<NewCoupon, 'description'>> {
  id: number;
  usage_count: number;
  description: string;
}

/** Order status (WooCommerce slugs). */
export type OrderStatus =
  | 'pending'
  | 'processing'
  | 'on-hold'
  | 'completed'
  | 'cancelled'
  | 'refunded'
  | 'failed';

/** An order as extensions see it (money in minor units). */
export interface ShopOrder {
  id: number;
  status: OrderStatus;
  currency: string;
  customer_id: number;
  billing: { email: string; first_name: string; last_name: string };
  /** `subtotal` (before discounts) and `total` (after) without tax, whether prices were entered with tax or not. */
  line_items: Array<{
    product_id: number;
    variation_id: number;
    quantity: number;
    subtotal: number;
    total: number;
    name: string;
  }>;
  fee_lines: Array<{ name: string; total: number }>;
  coupon_lines: Array<{ code: string; discount: number }>;
  /** Sum of line subtotals before discounts, without tax. */
  items_subtotal: number;
  /** What coupons took off the lines, without tax. */
  discount_total: number;
  /** Sum of the shipping lines, without tax. */
  shipping_total: number;
  /** The tax on shipping (0 when the order was placed without tax). */
  shipping_tax: number;
  /** All the order's tax: on the items and on shipping. */
  total_tax: number;
  /** What the shopper pays: lines after discounts, fees, shipping and tax. */
  total: number;
  refunded_total: number;
  cart_session_id: string | null;
  meta_data: Record<string, unknown>;
  date_created: string;
  date_completed: string | null;
}

/** What each storefront slot's parts receive besides the request. */
export interface StorefrontSlots {
  /** Site-wide notices above every page (from the query string: `?ref=`, `?cartrecovery_restore_error=` …). */
  notices: Record<string, never>;
  /** Under the product's price on its page. */
  'product.summary': { product: ShopProduct };
  /** Beside the product's images (galleries). */
  'product.gallery': { product: ShopProduct };
  /** Above the cart's totals. */
  'cart.totals': { cart: ShopCart };
  /** After the checkout's e-mail field (consent, capture). */
  'checkout.contact': { cart: ShopCart; email: string };
  /** Above the checkout's order summary totals (points widget). */
  'checkout.totals': { cart: ShopCart };
  /** Under the order on its order-received page. */
  'order.received': { order: ShopOrder };
  /** My account: an extension's section (menu entry and page); `page` is N of `/my-account/<slug>/N/`, else 1. */
  'my_account.sections': { user: AuthUser; page: number };
}

/** An extension's page in the shop's layout: its title, content, and what it adds to the head. */
export interface ExtensionPage {
  title: string;
  body: SafeHtml;
  status?: number;
  /** Elements for the head (the page's own stylesheet). */
  head?: SafeHtml;
  /** Island names to load (see `StorefrontContribution.scripts`). */
  scripts?: string[];
}

/** A storefront slot's name. */
export type StorefrontSlot = keyof StorefrontSlots;

/** What a part adds: markup in the slot, elements for the page's head (JSON-LD), and island scripts to load. */
export interface StorefrontContribution {
  body?: SafeHtml;
  head?: SafeHtml;
  /** Island names (a `storefront/islands/<name>.ts` file of the shop or an extension), loaded once per page. */
  scripts?: string[];
}

/** One extension's part of a slot: a renderer, or for `my_account.sections` a whole section. */
export type StorefrontPart<S extends StorefrontSlot> = S extends 'my_account.sections'
  ? MyAccountSection
  : StorefrontRenderer<S>;

/** Renders a slot's part for one request (null when it has nothing to add for this request). */
export type StorefrontRenderer<S extends StorefrontSlot> = (
  input: StorefrontSlots[S] & { request: FastifyRequest; viewer: Principal },
) => Promise<StorefrontContribution | null>;

/** An extension's section of My account: its menu entry (before Account details) and its page. */
export interface MyAccountSection {
  /** The URL segment (`points` → `/my-account/points/`): lower-case letters, digits and dashes. */
  slug: string;
  /** The menu entry and the page's heading. */
  label: string;
  /** The page's content for the logged-in customer (null: no such page, a 404). */
  render: StorefrontRenderer<'my_account.sections'>;
}
