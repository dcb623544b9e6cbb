import type { DbOrTrx } from '../../platform/db/database.js';
import { toIsoNoZone } from '../../platform/db/sql-helpers.js';
import type {
  ProductStatus,
  ProductType,
  ShopProduct,
  ShopProductPrice,
  ShopVariation,
  StockStatus,
} from '../shop-api.js';
import { type CatalogDetails, detailsOf } from './product-details.js';
import { loadMeta, type MetaEntry } from './product-meta.js';
import {
  findPriceRows,
  findProductCategoryLinks,
  findProductRows,
  findVariationRows,
  type PriceRow,
  type ProductRow,
} from './products.repository.js';
import { findProductTagLinks } from './tags.repository.js';

/** A variation as the catalog keeps it: the ShopApi view plus what the REST edge needs. */
export interface CatalogVariation extends ShopVariation {
  parent_id: number;
  status: ProductStatus;
  /** False when no regular price is set (shown as `""`, not purchasable). */
  has_price: boolean;
  manage_stock: boolean;
  backorders: 'no' | 'notify' | 'yes';
  description: string;
  menu_order: number;
  purchasable: boolean;
  date_created: string;
  date_modified: string;
  /** Attribute name → the global attribute's id (absent for custom attributes), from the parent product. */
  attribute_ids: Record<string, number>;
  /** The price strings as a client sent them (null: none kept; shown as `formatMoney` gives). */
  sent_prices: SentPrices;
  details: CatalogDetails;
}

/** Price strings as sent by a client, kept to answer them back unchanged. */
export interface SentPrices {
  price: string | null;
  regular_price: string | null;
  sale_price: string | null;
}

/** A product as the catalog keeps it: the ShopApi view plus what the REST edge needs. */
export interface CatalogProduct extends ShopProduct {
  variations: CatalogVariation[];
  has_price: boolean;
  menu_order: number;
  sent_prices: SentPrices;
  details: CatalogDetails;
}

/** Products by id (any status) with categories and variations, in the order asked (3 queries whatever the count). */
export async function loadProducts(
  db: DbOrTrx,
  ids: readonly number[],
  publicUrl: string,
): Promise<CatalogProduct[]> {
  const rows = (await findProductRows(db, ids)).filter((r) => r.type !== 'variation');
  return assembleProducts(db, rows, publicUrl, ids);
}

/**
 * Names, SKUs, statuses and prices of products by id (any status) in the order asked, with their variations
 * when variable, in one query: the same values `loadProducts` gives for those fields.
 */
export async function loadProductPrices(db: DbOrTrx, ids: readonly number[]): Promise<ShopProductPrice[]> {
  if (ids.length === 0) return [];
  const products = new Map<number, ShopProductPrice>();
  const rows = await findPriceRows(db, ids);
  const variations: typeof rows = [];
  for (const row of rows) {
    if (row.type === 'variation') {
      variations.push(row);
      continue;
    }
    products.set(row.id, {
      id: row.id,
      name: row.name,
      sku: row.sku ?? '',
      type: row.type as ProductType,
      status: row.status as ProductStatus,
      price: row.price ?? 0,
      variations: [],
    });
  }
  for (const row of variations) {
    const parent = products.get(row.parent_id);
    if (parent?.type !== 'variable') continue;
    parent.variations.push({
      id: row.id,
      sku: row.sku ?? '',
      status: row.status as ProductStatus,
      price: row.price ?? 0,
    });
  }
  return [...new Set(ids)].flatMap((id) => products.get(id) ?? []);
}

/** Turns product rows into CatalogProducts (categories, tags and variations loaded in one query each). */
export async function assembleProducts(
  db: DbOrTrx,
  rows: ProductRow[],
  publicUrl: string,
  order?: readonly number[],
): Promise<CatalogProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const groupedChildren = rows
    .filter((r) => r.type === 'grouped')
    .flatMap((r) => parseJson<number[]>(r.grouped_products, []));
  const [categories, tags, variationRows, childPrices] = await Promise.all([
    findProductCategoryLinks(db, ids),
    findProductTagLinks(db, ids),
    findVariationRows(
      db,
      rows.filter((r) => r.type === 'variable').map((r) => r.id),
    ),
    groupedChildren.length > 0 ? findPriceRows(db, groupedChildren) : [],
  ]);
  const meta = await loadMeta(db, [...ids, ...variationRows.map((v) => v.id)]);
  const variations = new Map<number, CatalogVariation[]>();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const v of variationRows) {
    const list = variations.get(v.parent_id) ?? [];
    list.push(toVariation(v, byId.get(v.parent_id), meta.get(v.id)));
    variations.set(v.parent_id, list);
  }
  const products = rows.map((row) => ({
    ...toProduct(
      row,
      categories.get(row.id) ?? [],
      variations.get(row.id) ?? [],
      publicUrl,
      meta.get(row.id),
    ),
    tags: tags.get(row.id) ?? [],
    ...(row.type === 'grouped' ? childPriceRange(row, childPrices) : {}),
  }));
  if (!order) return products;
  const byKey = new Map(products.map((p) => [p.id, p]));
  return [...new Set(order)].flatMap((id) => byKey.get(id) ?? []);
}

/** The catalog view of a variation row (`parent` decides whether it can be bought) with its meta entries. */
export function toVariation(
  row: ProductRow,
  parent: ProductRow | undefined,
  meta: MetaEntry[] = [],
): CatalogVariation {
  const images = parseJson<Array<{ id: number; src: string; alt: string; name?: string }>>(row.images, []);
  const attributes: Record<string, string> = {};
  for (const a of parseJson<Array<{ name: string; option: string }>>(row.attributes, []))
    attributes[a.name] = a.option;
  const attributeIds: Record<string, number> = {};
  for (const a of parseJson<Array<{ id?: number; name: string }>>(parent?.attributes ?? '[]', []))
    if (a.id) attributeIds[a.name] = a.id;
  const hasPrice = row.price !== null;
  return {
    id: row.id,
    parent_id: row.parent_id,
    status: row.status as ProductStatus,
    sku: row.sku ?? '',
    price: row.price ?? 0,
    regular_price: row.regular_price ?? 0,
    sale_price: row.sale_price,
    on_sale: row.on_sale === 1,
    stock_status: row.stock_status as StockStatus,
    stock_quantity: row.stock_quantity,
    manage_stock: row.manage_stock === 1,
    backorders: row.backorders as CatalogVariation['backorders'],
    attributes,
    attribute_ids: attributeIds,
    image: images[0] ?? null,
    has_price: hasPrice,
    description: row.description,
    menu_order: row.menu_order,
    purchasable: hasPrice && row.status === 'publish' && parent?.status === 'publish',
    date_created: toIsoNoZone(row.date_created) ?? '',
    date_modified: toIsoNoZone(row.date_modified) ?? '',
    sent_prices: sentPrices(row),
    details: detailsOf(row, meta),
  };
}

function toProduct(
  row: ProductRow,
  categories: Array<{ id: number; name: string; slug: string }>,
  variations: CatalogVariation[],
  publicUrl: string,
  meta: MetaEntry[] = [],
): CatalogProduct {
  const type = row.type as ProductType;
  const hasPrice = row.price !== null;
  const price = row.price ?? 0;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku ?? '',
    type,
    status: row.status as ProductStatus,
    description: row.description,
    short_description: row.short_description,
    price,
    regular_price: row.regular_price ?? 0,
    sale_price: row.sale_price,
    max_price: row.max_price ?? price,
    on_sale: row.on_sale === 1,
    stock_status: row.stock_status as StockStatus,
    manage_stock: row.manage_stock === 1,
    stock_quantity: row.stock_quantity,
    backorders: row.backorders as ShopProduct['backorders'],
    purchasable:
      hasPrice &&
      row.status === 'publish' &&
      (type === 'simple' || (type === 'variable' && variations.some((v) => v.purchasable))),
    categories,
    tags: [],
    images: parseJson(row.images, []),
    attributes: parseJson(row.attributes, []),
    variations,
    grouped_products: parseJson(row.grouped_products, []),
    external_url: row.external_url,
    button_text: row.button_text,
    average_rating: row.average_rating / 100,
    rating_count: row.rating_count,
    total_sales: row.total_sales,
    permalink: `${publicUrl}/product/${row.slug}/`,
    date_created: toIsoNoZone(row.date_created) ?? '',
    date_modified: toIsoNoZone(row.date_modified) ?? '',
    has_price: hasPrice,
    menu_order: row.menu_order,
    reviews_allowed: row.reviews_allowed === 1,
    sent_prices: type === 'variable' ? cheapestSentPrices(row, variations) : sentPrices(row),
    details: detailsOf(row, meta),
  };
}

// A grouped product has no price of its own: it shows the range of its published, priced children's prices.
function childPriceRange(row: ProductRow, prices: PriceRow[]): Pick<CatalogProduct, 'price' | 'max_price'> {
  const children = new Set(parseJson<number[]>(row.grouped_products, []));
  const priced = prices
    .filter((p) => children.has(p.id) && p.status === 'publish' && p.price !== null)
    .map((p) => Number(p.price));
  if (priced.length === 0) return { price: 0, max_price: 0 };
  return { price: Math.min(...priced), max_price: Math.max(...priced) };
}

function sentPrices(row: ProductRow): SentPrices {
  return {
    price: row.on_sale === 1 ? row.sale_price_text : row.regular_price_text,
    regular_price: row.regular_price_text,
    sale_price: row.sale_price_text,
  };
}

// A variable product shows its cheapest variation's price (and lowest regular price) in the form it was sent.
function cheapestSentPrices(row: ProductRow, variations: CatalogVariation[]): SentPrices {
  const priced = variations.filter((v) => v.has_price);
  return {
    price: priced.find((v) => v.price === row.price)?.sent_prices.price ?? null,
    regular_price:
      priced.find((v) => v.regular_price === row.regular_price)?.sent_prices.regular_price ?? null,
    sale_price: null,
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
