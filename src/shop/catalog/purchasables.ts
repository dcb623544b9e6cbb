import type { Clock } from '../../platform/clock.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { ConflictError } from '../../platform/http/errors.js';
import type { StockStatus } from '../shop-api.js';
import { toVariation } from './product-records.js';
import {
  addSales,
  findProductRows,
  findVariationRows,
  moveStock,
  type ProductRow,
  sellStock,
  syncVariableProduct,
} from './products.repository.js';

/** What a cart line points at: a product, or a variation of a variable product. */
export interface PurchasableRef {
  productId: number;
  /** 0 or absent for a product without variations. */
  variationId?: number;
}

/** Everything a cart or checkout needs about one line's product (money in minor units). */
export interface Purchasable {
  productId: number;
  /** 0 when the line is not a variation. */
  variationId: number;
  type: 'simple' | 'variable' | 'grouped' | 'external' | 'variation';
  /** Product name; variations: `Product - Red, Large` (WooCommerce). */
  name: string;
  sku: string;
  permalink: string;
  image: { id: number; src: string; alt: string } | null;
  price: number;
  regularPrice: number;
  salePrice: number | null;
  onSale: boolean;
  stockStatus: StockStatus;
  manageStock: boolean;
  stockQuantity: number | null;
  backorders: 'no' | 'notify' | 'yes';
  /** Chosen attributes of a variation (`[{attribute, value}]`, the Store API's `variation`). */
  variation: Array<{ attribute: string; value: string }>;
  /** Virtual lines need no shipping (WooCommerce's `needs_shipping`). */
  virtual: boolean;
  /** Shipping class slug (a variation without one takes its product's), `''` for none. */
  shippingClass: string;
  /** The product's `tax_status` (a variation follows its parent's). */
  taxStatus: 'taxable' | 'shipping' | 'none';
  /** Tax class slug, '' for standard (a variation's '' or `parent` is its parent's class). */
  taxClass: string;
  /**
   * Null when the line can be bought; else why not: `not_found`, `not_published`, `not_purchasable`
   * (no price, grouped/external, or a variable product without a variation), `out_of_stock`.
   */
  problem: 'not_found' | 'not_published' | 'not_purchasable' | 'out_of_stock' | null;
}

/** The map key of a ref: `"<productId>:<variationId>"`. */
export function purchasableKey(ref: PurchasableRef): string {
  return `${ref.productId}:${ref.variationId ?? 0}`;
}

/** Product rows a caller read earlier in the same transaction, by id (so they are not read twice). */
export type KnownProductRows = Map<number, ProductRow>;

/**
 * Loads every line's product (and variation) in one query (none for rows in `known`), keyed by
 * `purchasableKey(ref)`; a ref that does not exist, or whose variation is not one of that product's, comes back
 * with `problem: 'not_found'`.
 */
export async function loadPurchasables(
  db: DbOrTrx,
  refs: readonly PurchasableRef[],
  publicUrl: string,
  known: KnownProductRows = new Map(),
): Promise<Map<string, Purchasable>> {
  const ids = refs.flatMap((r) => (r.variationId ? [r.productId, r.variationId] : [r.productId]));
  const missing = ids.filter((id) => !known.has(id));
  const rows = new Map(known);
  for (const row of await findProductRows(db, missing)) rows.set(row.id, row);
  const result = new Map<string, Purchasable>();
  for (const ref of refs) result.set(purchasableKey(ref), toPurchasable(ref, rows, publicUrl));
  return result;
}

/**
 * Finds which line the Store API means by `id` + `variation`: a variation id stands for itself; a variable
 * product id with `variation` attributes picks the variation matching them (an empty variation attribute
 * matches any value, as WooCommerce's "Any …"). Null when nothing matches. The rows it reads are added to `seen`.
 */
export async function resolvePurchasableRef(
  db: DbOrTrx,
  id: number,
  variation: ReadonlyArray<{ attribute: string; value: string }> = [],
  seen: KnownProductRows = new Map(),
): Promise<PurchasableRef | null> {
  const [row] = await findProductRows(db, [id]);
  if (!row) return null;
  seen.set(row.id, row);
  if (row.type === 'variation') return { productId: row.parent_id, variationId: row.id };
  if (row.type !== 'variable') return { productId: row.id };
  const wanted = new Map(variation.map((v) => [normalizeAttribute(v.attribute), v.value.toLowerCase()]));
  const variations = await findVariationRows(db, [row.id]);
  for (const v of variations) seen.set(v.id, v);
  for (const v of variations) {
    const own = Object.entries(toVariation(v, row).attributes);
    const matches = own.every(([name, option]) => {
      const value = wanted.get(normalizeAttribute(name));
      return value !== undefined && (option === '' || option.toLowerCase() === value);
    });
    if (own.length > 0 && matches) return { productId: row.id, variationId: v.id };
  }
  return { productId: row.id };
}

/** True when `quantity` of the line can be sold now (stock managed and no backorders → enough stock). */
export function hasStockFor(line: Purchasable, quantity: number): boolean {
  if (line.stockStatus === 'outofstock') return false;
  if (!line.manageStock || line.backorders !== 'no') return true;
  return (line.stockQuantity ?? 0) >= quantity;
}

/**
 * Gives stock back (cancel, refund with restock) to the managed lines, one UPDATE per line inside `trx`, then
 * refreshes the stock status of affected variable products. Unmanaged lines are left alone. (Taking stock is
 * `sellLines`.)
 */
export async function restoreStock(
  trx: DbOrTrx,
  clock: Clock,
  lines: ReadonlyArray<PurchasableRef & { quantity: number }>,
): Promise<void> {
  const parents = new Set<number>();
  const targets = lines.map((l) => ({
    id: l.variationId || l.productId,
    parent: l.variationId ? l.productId : 0,
    quantity: l.quantity,
  }));
  const rows = new Map(
    (
      await findProductRows(
        trx,
        targets.map((t) => t.id),
      )
    ).map((r) => [r.id, r]),
  );
  for (const target of targets) {
    const row = rows.get(target.id);
    if (row?.manage_stock !== 1 || target.quantity <= 0) continue;
    await moveStock(trx, target.id, target.quantity);
    if (target.parent) parents.add(target.parent);
  }
  const now = toDbTime(clock.now());
  for (const parent of parents) await syncVariableProduct(trx, parent, now);
}

/**
 * Sells an order's lines in one catalogue write (`sellStock`): takes the stock of managed lines and counts the units
 * into `total_sales` of each product and variation. A line short of stock (no backorders) throws 409
 * `woocommerce_rest_product_out_of_stock` naming the product, so the caller's transaction undoes everything; then
 * the stock status of the variable products sold is refreshed. Checkout runs it as its last write: it takes the
 * catalogue's hot rows.
 */
export async function sellLines(
  trx: DbOrTrx,
  clock: Clock,
  lines: ReadonlyArray<PurchasableRef & { quantity: number }>,
): Promise<void> {
  const moves = new Map<number, { id: number; stock: number; sales: number }>();
  const add = (id: number, stock: number, sales: number) => {
    const move = moves.get(id) ?? { id, stock: 0, sales: 0 };
    move.stock += stock;
    move.sales += sales;
    moves.set(id, move);
  };
  const parents = new Set<number>();
  for (const line of lines) {
    add(line.variationId || line.productId, Math.max(line.quantity, 0), line.quantity);
    if (line.variationId) {
      add(line.productId, 0, line.quantity);
      parents.add(line.productId);
    }
  }
  const unchanged = await sellStock(trx, [...moves.values()]);
  // A line whose product was deleted keeps its place in the order and moves nothing; any other was short.
  const [short] = unchanged.length > 0 ? await findProductRows(trx, unchanged) : [];
  if (short)
    throw new ConflictError(
      'woocommerce_rest_product_out_of_stock',
      `There is not enough stock of "${short.name}" (${short.stock_quantity ?? 0} left).`,
      { product_id: short.parent_id || short.id },
    );
  const now = toDbTime(clock.now());
  for (const parent of parents) await syncVariableProduct(trx, parent, now);
}

/**
 * Counts sold units into `total_sales` (the `popularity` order) of each product, and of each variation:
 * `+quantity` when an order is paid, `-quantity` to take them back.
 */
export async function recordSales(
  trx: DbOrTrx,
  lines: ReadonlyArray<PurchasableRef & { quantity: number }>,
  direction: 'add' | 'remove' = 'add',
): Promise<void> {
  const byQuantity = new Map<number, number[]>();
  for (const line of lines) {
    for (const id of line.variationId ? [line.productId, line.variationId] : [line.productId]) {
      const list = byQuantity.get(line.quantity) ?? [];
      list.push(id);
      byQuantity.set(line.quantity, list);
    }
  }
  for (const [quantity, ids] of byQuantity)
    await addSales(trx, ids, direction === 'add' ? quantity : -quantity);
}

function toPurchasable(ref: PurchasableRef, rows: Map<number, ProductRow>, publicUrl: string): Purchasable {
  const product = rows.get(ref.productId);
  const variation = ref.variationId ? rows.get(ref.variationId) : undefined;
  const missing: Purchasable = {
    productId: ref.productId,
    variationId: ref.variationId ?? 0,
    type: 'simple',
    name: '',
    sku: '',
    permalink: '',
    image: null,
    price: 0,
    regularPrice: 0,
    salePrice: null,
    onSale: false,
    stockStatus: 'outofstock',
    manageStock: false,
    stockQuantity: null,
    backorders: 'no',
    variation: [],
    virtual: false,
    shippingClass: '',
    taxStatus: 'taxable',
    taxClass: '',
    problem: 'not_found',
  };
  if (!product || product.type === 'variation') return missing;
  if (ref.variationId && (!variation || variation.parent_id !== product.id)) return missing;
  const line = variation ?? product;
  const images = JSON.parse((variation && variation.images !== '[]' ? variation : product).images) as Array<{
    id: number;
    src: string;
    alt: string;
  }>;
  const chosen = variation ? Object.entries(toVariation(variation, product).attributes) : [];
  const problem: Purchasable['problem'] =
    product.status !== 'publish' || (variation && variation.status !== 'publish')
      ? 'not_published'
      : line.price === null ||
          product.type === 'grouped' ||
          product.type === 'external' ||
          (product.type === 'variable' && !variation)
        ? 'not_purchasable'
        : line.stock_status === 'outofstock'
          ? 'out_of_stock'
          : null;
  return {
    productId: product.id,
    variationId: variation?.id ?? 0,
    type: (variation ? 'variation' : product.type) as Purchasable['type'],
    name: chosen.length > 0 ? `${product.name} - ${chosen.map(([, v]) => v).join(', ')}` : product.name,
    sku: line.sku ?? product.sku ?? '',
    permalink: `${publicUrl}/product/${product.slug}/`,
    image: images[0] ?? null,
    virtual: line.virtual === 1,
    shippingClass: line.shipping_class || product.shipping_class,
    price: line.price ?? 0,
    regularPrice: line.regular_price ?? 0,
    salePrice: line.sale_price,
    onSale: line.on_sale === 1,
    stockStatus: line.stock_status as StockStatus,
    manageStock: line.manage_stock === 1,
    stockQuantity: line.stock_quantity,
    backorders: line.backorders as Purchasable['backorders'],
    variation: chosen.map(([attribute, value]) => ({ attribute, value })),
    taxStatus: product.tax_status as Purchasable['taxStatus'],
    taxClass: taxClassOf(variation && !['', 'parent'].includes(variation.tax_class) ? variation : product),
    problem,
  };
}

// '' and `standard` both name the standard class.
function taxClassOf(row: ProductRow): string {
  return row.tax_class === 'standard' ? '' : row.tax_class;
}

function normalizeAttribute(name: string): string {
  return name.toLowerCase().replace(/^(attribute_)?(pa_)?/, '');
}
