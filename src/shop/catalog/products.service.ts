import type { DbOrTrx } from '../../platform/db/database.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { type FieldErrors, NotFoundError, RestError, ValidationError } from '../../platform/http/errors.js';
import type { ProductStatus, ProductType, StockStatus } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import {
  findCategories,
  findDefaultCategoryId,
  lockCategories,
  recountCategories,
} from './categories.repository.js';
import {
  checkDetails,
  detailColumns,
  type ProductOnlyDetailsInput,
  type SharedDetailsInput,
} from './product-details.js';
import { applyMetaData, checkMetaData, loadMeta } from './product-meta.js';
import { type CatalogProduct, type CatalogVariation, loadProducts, toVariation } from './product-records.js';
import {
  deleteProductRow,
  deleteVariationRow,
  deleteVariationsOf,
  findProductCategoryLinks,
  findProductRows,
  findRowBySku,
  findSlugsLike,
  findVariationRows,
  insertProductRow,
  type NewProductRow,
  type ProductRow,
  setProductCategories,
  syncVariableProduct,
  updateProductRow,
} from './products.repository.js';
import {
  type ProductAttributeInput,
  type ProductTagInput,
  namedChoices,
  prepareProductTaxonomies,
  productTaxonomyIds,
  recountProductTaxonomies,
  storeProductTaxonomies,
} from './product-terms.service.js';
import { freeSlug, slugify } from './slugs.js';
import { type ImageInput, resolveImages } from './product-images.js';

/** Product fields a client may set (money in minor units; null clears a price; `*_text`: the price as sent). */
export interface ProductInput extends SharedDetailsInput, ProductOnlyDetailsInput {
  name?: string;
  slug?: string;
  sku?: string;
  type?: ProductType;
  status?: ProductStatus;
  description?: string;
  short_description?: string;
  regular_price?: number | null;
  sale_price?: number | null;
  regular_price_text?: string;
  sale_price_text?: string;
  manage_stock?: boolean;
  stock_quantity?: number | null;
  stock_status?: StockStatus;
  backorders?: 'no' | 'notify' | 'yes';
  category_ids?: number[];
  images?: ImageInput[];
  /** Tags by id or by name (created when new). */
  tags?: ProductTagInput[];
  attributes?: ProductAttributeInput[];
  grouped_products?: number[];
  external_url?: string;
  button_text?: string;
  menu_order?: number;
}

/** Variation fields a client may set (money in minor units; `*_text`: the price as sent). */
export interface VariationInput extends SharedDetailsInput {
  sku?: string;
  status?: ProductStatus;
  description?: string;
  regular_price?: number | null;
  sale_price?: number | null;
  regular_price_text?: string;
  sale_price_text?: string;
  manage_stock?: boolean;
  stock_quantity?: number | null;
  stock_status?: StockStatus;
  backorders?: 'no' | 'notify' | 'yes';
  /** Choices by attribute name, or by global attribute `id`. */
  attributes?: Array<{ id?: number; name?: string; option: string }>;
  image?: ImageInput | null;
  menu_order?: number;
}

/** Creates a product (all checks first; a bad field changes nothing). */
export async function createProduct(ctx: ShopContext, input: ProductInput): Promise<CatalogProduct> {
  // Two products named alike at the same moment may pick the same free slug: the loser retries (a given slug is final).
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertProduct(ctx, input);
    } catch (error) {
      const slugTaken = error instanceof RestError && error.code === 'product_invalid_slug';
      if (!slugTaken || input.slug || attempt >= 5) throw error;
    }
  }
}

async function insertProduct(ctx: ShopContext, input: ProductInput): Promise<CatalogProduct> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const now = toDbTime(ctx.clock.now());
    const type = input.type ?? 'simple';
    const errors: FieldErrors = {};
    await checkProductInput(trx, input, type, null, errors);
    const taxonomies = await prepareProductTaxonomies(trx, input, null, errors);
    const images = await resolveImages(trx, input.images ?? [], imageField(ctx, 'images', errors));
    throwIfAny(errors);
    // WooCommerce names a product created without a name "Product"; one without categories gets the default.
    const name = input.name?.trim() || 'Product';
    const categoryIds = await withDefaultCategory(trx, input.category_ids ?? []);
    await lockCategories(trx, categoryIds);
    const row: NewProductRow = {
      parent_id: 0,
      type,
      status: input.status ?? 'publish',
      name,
      slug: await uniqueSlug(trx, input.slug?.trim() || name, null),
      sku: normalizeSku(input.sku),
      description: input.description ?? '',
      short_description: input.short_description ?? '',
      ...(type === 'variable' ? pricing(unpriced, unpriced) : pricing(sentRegular(input), sentSale(input))),
      ...stock(input, null),
      ...detailColumns(input),
      images: JSON.stringify(images),
      attributes: JSON.stringify(taxonomies.attributes ?? []),
      grouped_products: JSON.stringify(type === 'grouped' ? [...new Set(input.grouped_products ?? [])] : []),
      external_url: type === 'external' ? (input.external_url ?? '') : '',
      button_text: type === 'external' ? (input.button_text ?? 'Buy product') : '',
      menu_order: input.menu_order ?? 0,
      average_rating: 0,
      rating_count: 0,
      total_sales: 0,
      date_created: now,
      date_modified: now,
    };
    const newId = await uniqueSafe(() => insertProductRow(trx, row));
    await setProductCategories(trx, newId, categoryIds);
    await applyMetaData(trx, newId, input.meta_data ?? []);
    await recountCategories(trx, categoryIds);
    await storeProductTaxonomies(trx, newId, taxonomies);
    return newId;
  });
  return (await loadProducts(ctx.db, [id], ctx.config.publicUrl))[0]!;
}

/** Changes a product; 404 when it does not exist (variations are not products here). */
export async function updateProduct(
  ctx: ShopContext,
  id: number,
  input: ProductInput,
): Promise<CatalogProduct> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await requireProductRow(trx, id);
    const now = toDbTime(ctx.clock.now());
    const type = input.type ?? (current.type as ProductType);
    const errors: FieldErrors = {};
    if (input.name !== undefined && !input.name.trim())
      errors.name = { required: 'The product name is required.' };
    await checkProductInput(trx, input, type, current, errors);
    const taxonomies = await prepareProductTaxonomies(trx, input, id, errors);
    const images =
      input.images !== undefined
        ? await resolveImages(trx, input.images, imageField(ctx, 'images', errors))
        : undefined;
    throwIfAny(errors);
    const categoryIds =
      input.category_ids !== undefined ? await withDefaultCategory(trx, input.category_ids) : undefined;
    const touched = [...(await categoryIdsOf(trx, id)), ...(categoryIds ?? [])];
    await lockCategories(trx, touched);
    const patch: Partial<NewProductRow> = { type, date_modified: now };
    if (input.name !== undefined) patch.name = input.name.trim();
    if (input.slug !== undefined) patch.slug = await uniqueSlug(trx, input.slug.trim() || current.name, id);
    if (input.sku !== undefined) patch.sku = normalizeSku(input.sku);
    if (input.status !== undefined) patch.status = input.status;
    if (input.description !== undefined) patch.description = input.description;
    if (input.short_description !== undefined) patch.short_description = input.short_description;
    if (
      type !== 'variable' &&
      (input.regular_price !== undefined || input.sale_price !== undefined || type !== current.type)
    )
      Object.assign(patch, pricing(sentRegular(input, current), sentSale(input, current)));
    Object.assign(patch, stock(input, current), detailColumns(input));
    if (images !== undefined) patch.images = JSON.stringify(images);
    if (taxonomies.attributes !== undefined) patch.attributes = JSON.stringify(taxonomies.attributes);
    if (input.grouped_products !== undefined || type !== 'grouped')
      patch.grouped_products = JSON.stringify(
        type === 'grouped' ? [...new Set(input.grouped_products ?? [])] : [],
      );
    if (input.external_url !== undefined) patch.external_url = input.external_url;
    if (input.button_text !== undefined) patch.button_text = input.button_text;
    if (input.menu_order !== undefined) patch.menu_order = input.menu_order;
    await uniqueSafe(() => updateProductRow(trx, id, patch));
    if (categoryIds !== undefined) await setProductCategories(trx, id, categoryIds);
    await applyMetaData(trx, id, input.meta_data ?? []);
    if (current.type === 'variable' && type !== 'variable') await deleteVariationsOf(trx, id);
    if (type === 'variable') await syncVariableProduct(trx, id, now);
    await recountCategories(trx, touched);
    await storeProductTaxonomies(trx, id, taxonomies);
  });
  return (await loadProducts(ctx.db, [id], ctx.config.publicUrl))[0]!;
}

/** Deletes a product with its variations; returns it as it was. */
export async function deleteProduct(ctx: ShopContext, id: number): Promise<CatalogProduct> {
  return ctx.db.transaction().execute(async (trx) => {
    await requireProductRow(trx, id);
    const categories = await categoryIdsOf(trx, id);
    const taxonomyIds = await productTaxonomyIds(trx, id);
    await lockCategories(trx, categories);
    const [product] = await loadProducts(trx, [id], ctx.config.publicUrl);
    await deleteProductRow(trx, id);
    await recountCategories(trx, categories);
    await recountProductTaxonomies(trx, taxonomyIds);
    return product!;
  });
}

/** The variations of a variable product (404 when the product does not exist). */
export async function listVariations(ctx: ShopContext, productId: number): Promise<CatalogVariation[]> {
  const parent = await requireProductRow(ctx.db, productId);
  const rows = await findVariationRows(ctx.db, [productId]);
  const meta = await loadMeta(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toVariation(row, parent, meta.get(row.id)));
}

/** One variation of a product (404 when either does not exist or they do not belong together). */
export async function getVariation(
  ctx: ShopContext,
  productId: number,
  id: number,
): Promise<CatalogVariation> {
  const { parent, row } = await requireVariationRow(ctx.db, productId, id);
  return toVariation(row, parent, (await loadMeta(ctx.db, [id])).get(id));
}

/** Adds a variation to a variable product and refreshes the product's price range and stock status. */
export async function createVariation(
  ctx: ShopContext,
  productId: number,
  input: VariationInput,
): Promise<CatalogVariation> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const parent = await requireProductRow(trx, productId);
    if (parent.type !== 'variable')
      throw new RestError(
        'woocommerce_rest_product_variation_invalid_parent',
        'Variations can only be added to variable products.',
        400,
      );
    const errors: FieldErrors = {};
    await checkVariationInput(trx, input, parent, null, errors);
    const images = input.image
      ? await resolveImages(trx, [input.image], imageField(ctx, 'image', errors))
      : [];
    throwIfAny(errors);
    const now = toDbTime(ctx.clock.now());
    const attributes = normalizeChosen(input.attributes ?? [], parent);
    const newId = await uniqueSafe(() =>
      insertProductRow(trx, {
        parent_id: parent.id,
        type: 'variation',
        status: input.status ?? 'publish',
        name: variationName(parent.name, attributes),
        slug: `variation-${parent.id}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        sku: normalizeSku(input.sku),
        description: input.description ?? '',
        short_description: '',
        ...pricing(sentRegular(input), sentSale(input)),
        ...stock(input, null),
        ...detailColumns(input),
        images: JSON.stringify(images),
        attributes: JSON.stringify(attributes),
        grouped_products: '[]',
        external_url: '',
        button_text: '',
        menu_order: input.menu_order ?? 0,
        average_rating: 0,
        rating_count: 0,
        total_sales: 0,
        date_created: now,
        date_modified: now,
      }),
    );
    await updateProductRow(trx, newId, { slug: `${parent.slug}-${newId}` });
    await applyMetaData(trx, newId, input.meta_data ?? []);
    await syncVariableProduct(trx, parent.id, now);
    return newId;
  });
  return getVariation(ctx, productId, id);
}

/** Changes a variation and refreshes its product's summary. */
export async function updateVariation(
  ctx: ShopContext,
  productId: number,
  id: number,
  input: VariationInput,
): Promise<CatalogVariation> {
  await ctx.db.transaction().execute(async (trx) => {
    const { parent, row } = await requireVariationRow(trx, productId, id);
    const errors: FieldErrors = {};
    await checkVariationInput(trx, input, parent, row, errors);
    const images = input.image
      ? await resolveImages(trx, [input.image], imageField(ctx, 'image', errors))
      : [];
    throwIfAny(errors);
    const now = toDbTime(ctx.clock.now());
    const patch: Partial<NewProductRow> = {
      date_modified: now,
      ...stock(input, row),
      ...detailColumns(input),
    };
    if (input.sku !== undefined) patch.sku = normalizeSku(input.sku);
    if (input.status !== undefined) patch.status = input.status;
    if (input.description !== undefined) patch.description = input.description;
    if (input.menu_order !== undefined) patch.menu_order = input.menu_order;
    if (input.image !== undefined) patch.images = JSON.stringify(images);
    if (input.regular_price !== undefined || input.sale_price !== undefined)
      Object.assign(patch, pricing(sentRegular(input, row), sentSale(input, row)));
    if (input.attributes !== undefined) {
      const attributes = normalizeChosen(input.attributes, parent);
      patch.attributes = JSON.stringify(attributes);
      patch.name = variationName(parent.name, attributes);
    }
    await uniqueSafe(() => updateProductRow(trx, id, patch));
    await applyMetaData(trx, id, input.meta_data ?? []);
    await syncVariableProduct(trx, parent.id, now);
  });
  return getVariation(ctx, productId, id);
}

/** Deletes a variation; returns it as it was. */
export async function deleteVariation(
  ctx: ShopContext,
  productId: number,
  id: number,
): Promise<CatalogVariation> {
  return ctx.db.transaction().execute(async (trx) => {
    const { parent, row } = await requireVariationRow(trx, productId, id);
    const meta = (await loadMeta(trx, [id])).get(id);
    await deleteVariationRow(trx, id);
    await syncVariableProduct(trx, parent.id, toDbTime(ctx.clock.now()));
    return toVariation(row, parent, meta);
  });
}

/** A product row (not a variation), or 404 `woocommerce_rest_product_invalid_id`. */
export async function requireProductRow(db: DbOrTrx, id: number): Promise<ProductRow> {
  const [row] = await findProductRows(db, [id]);
  if (!row || row.type === 'variation')
    throw new NotFoundError('woocommerce_rest_product_invalid_id', 'Invalid ID.', { status: 404 });
  return row;
}

async function categoryIdsOf(db: DbOrTrx, productId: number): Promise<number[]> {
  return ((await findProductCategoryLinks(db, [productId])).get(productId) ?? []).map((c) => c.id);
}

async function requireVariationRow(db: DbOrTrx, productId: number, id: number) {
  const parent = await requireProductRow(db, productId);
  const [row] = await findProductRows(db, [id]);
  if (row?.type !== 'variation' || row.parent_id !== productId)
    throw new NotFoundError('woocommerce_rest_product_variation_invalid_id', 'Invalid ID.', { status: 404 });
  return { parent, row };
}

async function checkProductInput(
  db: DbOrTrx,
  input: ProductInput,
  type: ProductType,
  current: ProductRow | null,
  errors: FieldErrors,
): Promise<void> {
  checkPrices(input, current, errors);
  checkStock(input, errors);
  checkDetails(input, errors);
  checkMetaData(input.meta_data, errors);
  await checkSku(db, input.sku, current?.id ?? null);
  if (input.category_ids && input.category_ids.length > 0) {
    const found = new Set((await findCategories(db, input.category_ids)).map((c) => c.id));
    const unknown = input.category_ids.filter((id) => !found.has(id));
    if (unknown.length > 0) errors.categories = { exists: `Unknown category id(s): ${unknown.join(', ')}.` };
  }
  if (type === 'grouped' && input.grouped_products && input.grouped_products.length > 0) {
    const rows = await findProductRows(db, input.grouped_products);
    const ok = new Set(rows.filter((r) => r.type !== 'variation' && r.type !== 'grouped').map((r) => r.id));
    const bad = input.grouped_products.filter((id) => !ok.has(id) || id === current?.id);
    if (bad.length > 0)
      errors.grouped_products = { exists: `Unknown or not groupable product id(s): ${bad.join(', ')}.` };
  }
  if (input.external_url && !/^https?:\/\/\S+$/i.test(input.external_url))
    errors.external_url = { url: 'The external URL must be an http(s) URL.' };
}

async function checkVariationInput(
  db: DbOrTrx,
  input: VariationInput,
  parent: ProductRow,
  current: ProductRow | null,
  errors: FieldErrors,
): Promise<void> {
  checkPrices(input, current, errors);
  checkStock(input, errors);
  checkDetails(input, errors);
  checkMetaData(input.meta_data, errors);
  await checkSku(db, input.sku, current?.id ?? null);
  const defined = (
    JSON.parse(parent.attributes) as Array<{ name: string; options: string[]; variation: boolean }>
  ).filter((a) => a.variation);
  for (const chosen of namedChoices(parent.attributes, input.attributes ?? [])) {
    const attribute = defined.find((a) => a.name.toLowerCase() === chosen.name.toLowerCase());
    if (!attribute)
      errors.attributes = { in: `"${chosen.name}" is not a variation attribute of the product.` };
    else if (
      chosen.option !== '' &&
      !attribute.options.some((o) => o.toLowerCase() === chosen.option.toLowerCase())
    )
      errors.attributes = { in: `"${chosen.option}" is not an option of "${attribute.name}".` };
  }
}

function checkPrices(
  input: { regular_price?: number | null; sale_price?: number | null },
  current: ProductRow | null,
  errors: FieldErrors,
): void {
  if (input.regular_price != null && input.regular_price < 0)
    errors.regular_price = { min: 'The regular price may not be negative.' };
  if (input.sale_price != null && input.sale_price < 0)
    errors.sale_price = { min: 'The sale price may not be negative.' };
  const regular = input.regular_price !== undefined ? input.regular_price : (current?.regular_price ?? null);
  const sale = input.sale_price !== undefined ? input.sale_price : (current?.sale_price ?? null);
  if (
    !errors.sale_price &&
    sale !== null &&
    (regular === null || sale >= regular) &&
    input.sale_price !== undefined
  )
    errors.sale_price = { max: 'The sale price must be lower than the regular price.' };
}

function checkStock(input: { stock_quantity?: number | null }, errors: FieldErrors): void {
  if (input.stock_quantity != null && !Number.isInteger(input.stock_quantity))
    errors.stock_quantity = { integer: 'The stock quantity must be a whole number.' };
}

async function checkSku(db: DbOrTrx, sku: string | undefined, selfId: number | null): Promise<void> {
  const normalized = normalizeSku(sku);
  if (normalized === null) return;
  const holder = await findRowBySku(db, normalized);
  if (holder && holder.id !== selfId) throw duplicateSku(normalized);
}

function duplicateSku(sku: string): RestError {
  return new RestError('product_invalid_sku', `Invalid or duplicated SKU: "${sku}" is already used.`, 400, {
    unique_sku: sku,
  });
}

// Two concurrent writers can pass the SKU/slug check; the unique index decides and we answer 400, not 500.
async function uniqueSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const text = `${(error as { code?: string }).code ?? ''} ${(error as Error).message}`;
    if (/23505|UNIQUE|unique/.test(text)) {
      if (/sku/i.test(text)) throw new RestError('product_invalid_sku', 'Invalid or duplicated SKU.', 400);
      throw new RestError('product_invalid_slug', 'That slug is already used.', 400);
    }
    throw error;
  }
}

/** A price in minor units with the string it was sent as (null when none was kept). */
interface SentPrice {
  minor: number | null;
  text: string | null;
}

const unpriced: SentPrice = { minor: null, text: null };

// The regular price an input sets, else (on update) the stored one, each with its sent form.
function sentRegular(input: ProductInput | VariationInput, current?: ProductRow): SentPrice {
  if (input.regular_price !== undefined)
    return { minor: input.regular_price, text: input.regular_price_text ?? null };
  return current ? { minor: current.regular_price, text: current.regular_price_text } : unpriced;
}

function sentSale(input: ProductInput | VariationInput, current?: ProductRow): SentPrice {
  if (input.sale_price !== undefined) return { minor: input.sale_price, text: input.sale_price_text ?? null };
  return current ? { minor: current.sale_price, text: current.sale_price_text } : unpriced;
}

function pricing(regular: SentPrice, sale: SentPrice) {
  const onSale = regular.minor !== null && sale.minor !== null && sale.minor < regular.minor;
  const price = onSale ? sale.minor : regular.minor;
  return {
    regular_price: regular.minor,
    sale_price: sale.minor,
    regular_price_text: regular.minor === null ? null : regular.text,
    sale_price_text: sale.minor === null ? null : sale.text,
    price,
    max_price: price,
    on_sale: onSale ? 1 : 0,
  };
}

// Categories to store: the given ones, or the default category when none are given (WooCommerce's rule).
async function withDefaultCategory(db: DbOrTrx, ids: number[]): Promise<number[]> {
  if (ids.length > 0) return ids;
  const fallback = await findDefaultCategoryId(db);
  return fallback === undefined ? [] : [fallback];
}

function stock(
  input: Pick<ProductInput, 'manage_stock' | 'stock_quantity' | 'stock_status' | 'backorders'>,
  current: ProductRow | null,
): Pick<NewProductRow, 'manage_stock' | 'stock_quantity' | 'stock_status' | 'backorders'> {
  const manage = input.manage_stock ?? (current ? current.manage_stock === 1 : false);
  const backorders = input.backorders ?? (current?.backorders as ProductInput['backorders']) ?? 'no';
  if (!manage) {
    const status =
      input.stock_status ?? (current && current.manage_stock !== 1 ? current.stock_status : 'instock');
    return { manage_stock: 0, stock_quantity: null, stock_status: status, backorders };
  }
  const quantity = input.stock_quantity ?? current?.stock_quantity ?? 0;
  return {
    manage_stock: 1,
    stock_quantity: quantity,
    backorders,
    stock_status: quantity > 0 ? 'instock' : backorders !== 'no' ? 'onbackorder' : 'outofstock',
  };
}

function normalizeSku(sku: string | undefined): string | null {
  const trimmed = sku?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function imageField(ctx: ShopContext, field: string, errors: FieldErrors) {
  return { field, publicUrl: ctx.config.publicUrl, errors };
}

function normalizeChosen(chosen: NonNullable<VariationInput['attributes']>, parent: ProductRow) {
  const defined = JSON.parse(parent.attributes) as Array<{ name: string; options: string[] }>;
  return namedChoices(parent.attributes, chosen).map((c) => {
    const attribute = defined.find((a) => a.name.toLowerCase() === c.name.toLowerCase());
    const option = attribute?.options.find((o) => o.toLowerCase() === c.option.toLowerCase()) ?? c.option;
    return { name: attribute?.name ?? c.name, option };
  });
}

function variationName(parentName: string, attributes: Array<{ option: string }>): string {
  const options = attributes.map((a) => a.option).filter(Boolean);
  return options.length > 0 ? `${parentName} - ${options.join(', ')}` : parentName;
}

async function uniqueSlug(db: DbOrTrx, wanted: string, selfId: number | null): Promise<string> {
  const base = slugify(wanted);
  return freeSlug(base, await findSlugsLike(db, base, selfId));
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
