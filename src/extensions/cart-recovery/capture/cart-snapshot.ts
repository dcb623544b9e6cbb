import { sha256Hex } from '../../../platform/security/hashing.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import type { ShopApi, ShopCart, ShopProductPrice } from '../../../shop/shop-api.js';

/** One restorable cart line (money in minor units). */
export interface SnapshotItem {
  product_id: number;
  variation_id: number;
  quantity: number;
  name: string;
  sku: string;
  price: number;
  /**
   * The line as the shopper's cart showed it: its subtotal before coupons, with its tax when the cart shows
   * prices with tax (`woocommerce_tax_display_cart` = incl). Client snapshots: price × quantity.
   */
  line_total: number;
}

/** What a session keeps of the shopper's cart: enough to rebuild it and to show it. */
export interface CartSnapshot {
  origin: 'server' | 'client';
  items: SnapshotItem[];
  coupons: string[];
  currency: string;
  /** The total the cart showed: after coupons and fees, with shipping and tax (server carts). */
  total: number;
  item_count: number;
}

const MAX_ITEMS = 100;
const MAX_QUANTITY = 9999;

/** A snapshot of the shopper's own Store API cart, its amounts as the cart showed them. */
export function snapshotFromServerCart(cart: ShopCart, currency: string): CartSnapshot {
  const taxes = cart.taxes?.display_cart === 'incl' ? cart.taxes.items : null;
  const items = cart.items.slice(0, MAX_ITEMS).map((item) => ({
    product_id: item.product_id,
    variation_id: item.variation_id,
    quantity: item.quantity,
    name: item.name,
    sku: item.sku,
    price: item.price,
    line_total: item.line_subtotal + (taxes?.[item.key]?.subtotal_tax ?? 0),
  }));
  return {
    origin: 'server',
    items,
    coupons: cart.coupons.filter((c) => !c.virtual).map((c) => c.code),
    currency,
    total: cart.totals.total_price,
    item_count: items.reduce((n, i) => n + i.quantity, 0),
  };
}

/**
 * A restore-safe snapshot of the cart the browser sent: only product/variation ids and quantities are read
 * from it; names and prices come from the catalogue, unknown or unpublished products are dropped.
 */
export async function snapshotFromClientCart(
  shop: ShopApi,
  clientCart: unknown,
  db?: DbOrTrx,
): Promise<CartSnapshot> {
  const lines = parseClientLines(clientCart);
  const prices = lines.length > 0 ? await shop.getProductPrices(clientProductIds([lines]), db) : [];
  return snapshotFromClientLines(lines, new Map(prices.map((p) => [p.id, p])), shop.currency.code);
}

/** One line of the browser's cart: ids and quantity only (capped). */
export interface ClientCartLine {
  productId: number;
  variationId: number;
  quantity: number;
}

/** The distinct product ids of some client carts (what to read from the catalogue). */
export function clientProductIds(carts: ReadonlyArray<readonly ClientCartLine[]>): number[] {
  const ids = new Set<number>();
  for (const lines of carts) for (const line of lines) ids.add(line.productId);
  return [...ids];
}

/** The snapshot of client lines priced from the catalogue (`prices` by product id). */
export function snapshotFromClientLines(
  lines: readonly ClientCartLine[],
  prices: ReadonlyMap<number, ShopProductPrice>,
  currency: string,
): CartSnapshot {
  const items: SnapshotItem[] = [];
  for (const line of lines) {
    const product = prices.get(line.productId);
    if (product?.status !== 'publish') continue;
    const variation = line.variationId
      ? product.variations.find((v) => v.id === line.variationId)
      : undefined;
    if (line.variationId && !variation) continue;
    const price = variation ? variation.price : product.price;
    items.push({
      product_id: product.id,
      variation_id: variation?.id ?? 0,
      quantity: line.quantity,
      name: product.name,
      sku: variation?.sku || product.sku,
      price,
      line_total: price * line.quantity,
    });
  }
  return {
    origin: 'client',
    items,
    coupons: [],
    currency,
    total: items.reduce((sum, i) => sum + i.line_total, 0),
    item_count: items.reduce((n, i) => n + i.quantity, 0),
  };
}

/** The session columns that hold a snapshot. */
export function snapshotColumns(snapshot: CartSnapshot) {
  return {
    cart_snapshot: JSON.stringify({
      items: snapshot.items,
      coupons: snapshot.coupons,
      origin: snapshot.origin,
    }),
    cart_fingerprint: cartFingerprint(snapshot.items),
    cart_total: snapshot.total,
    currency: snapshot.currency,
    item_count: snapshot.item_count,
  };
}

/** SHA-256 over the sorted product/variation pairs (quantities and prices left out); '' for an empty cart. */
export function cartFingerprint(items: readonly SnapshotItem[]): string {
  if (items.length === 0) return '';
  const keys = [...new Set(items.map((i) => `${i.product_id}:${i.variation_id}`))].sort();
  return sha256Hex(keys.join('|'));
}

/** The lines of a client cart (an array, or an object with `items`): valid ids and quantities only, at most 100. */
export function parseClientLines(cart: unknown): ClientCartLine[] {
  const raw = Array.isArray(cart)
    ? cart
    : cart && typeof cart === 'object' && Array.isArray((cart as { items?: unknown }).items)
      ? (cart as { items: unknown[] }).items
      : [];
  const lines: ClientCartLine[] = [];
  for (const entry of raw.slice(0, MAX_ITEMS)) {
    if (!entry || typeof entry !== 'object') continue;
    const item = entry as Record<string, unknown>;
    const productId = positiveInt(item.product_id ?? item.id);
    const variationId = positiveInt(item.variation_id) ?? 0;
    const quantity = positiveInt(
      typeof item.quantity === 'object' && item.quantity !== null
        ? (item.quantity as { value?: unknown }).value
        : item.quantity,
    );
    if (productId === null || quantity === null) continue;
    lines.push({ productId, variationId, quantity: Math.min(quantity, MAX_QUANTITY) });
  }
  return lines;
}

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
}

/** The items and coupons stored in a session's snapshot column. */
export function readSnapshot(stored: string): { items: SnapshotItem[]; coupons: string[] } {
  try {
    const parsed = JSON.parse(stored) as { items?: SnapshotItem[]; coupons?: string[] };
    return { items: parsed.items ?? [], coupons: parsed.coupons ?? [] };
  } catch {
    return { items: [], coupons: [] };
  }
}
