import type { Static } from '@sinclair/typebox';
import { __ } from '@wordpress/i18n';
import { api, withQuery } from '../../../admin/api.js';
import type {
  CategoryResponse,
  CategoryWriteBody,
  ProductResponse,
  ProductWriteBody,
  VariationResponse,
  VariationWriteBody,
} from '../../catalog/catalog.schemas.js';

/** A product as `GET /wc/v3/products` shows it. */
export type Product = Static<typeof ProductResponse>;
/** The product fields the form writes. */
export type ProductWrite = Static<typeof ProductWriteBody>;
/** A variation as `GET /wc/v3/products/{id}/variations` shows it. */
export type Variation = Static<typeof VariationResponse>;
/** The variation fields the variations editor writes. */
export type VariationWrite = Static<typeof VariationWriteBody>;
/** A product category as `GET /wc/v3/products/categories` shows it. */
export type Category = Static<typeof CategoryResponse>;
/** The category fields the categories screen writes. */
export type CategoryWrite = Static<typeof CategoryWriteBody>;
/** A product type the API accepts. */
export type ProductType = NonNullable<ProductWrite['type']>;
/** A product status the API accepts. */
export type ProductStatus = NonNullable<ProductWrite['status']>;
/** A stock status the API accepts. */
export type StockStatus = NonNullable<ProductWrite['stock_status']>;

/** The product types with their labels (WooCommerce's Product data select). */
export function productTypeOptions(): Array<{ value: ProductType; label: string }> {
  return [
    { value: 'simple', label: __('Simple product', 'storeside') },
    { value: 'variable', label: __('Variable product', 'storeside') },
    { value: 'grouped', label: __('Grouped product', 'storeside') },
    { value: 'external', label: __('External/Affiliate product', 'storeside') },
  ];
}

/** The product statuses with their labels. */
export function productStatusOptions(): Array<{ value: ProductStatus; label: string }> {
  return [
    { value: 'publish', label: __('Published', 'storeside') },
    { value: 'draft', label: __('Draft', 'storeside') },
    { value: 'pending', label: __('Pending review', 'storeside') },
    { value: 'private', label: __('Private', 'storeside') },
  ];
}

/** The stock statuses with their labels. */
export function stockStatusOptions(): Array<{ value: StockStatus; label: string }> {
  return [
    { value: 'instock', label: __('In stock', 'storeside') },
    { value: 'outofstock', label: __('Out of stock', 'storeside') },
    { value: 'onbackorder', label: __('On backorder', 'storeside') },
  ];
}

/** The label of a value among `options`, or the value itself. */
export function optionLabel(options: Array<{ value: string; label: string }>, value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** The list's filters as the URL keeps them. */
export interface ProductFilters {
  search?: string;
  category?: string;
  status?: string;
  stock_status?: string;
  type?: string;
  orderby?: string;
  order?: string;
}

/** `GET /wc/v3/products` path for one page of products matching the filters (every status unless one is set). */
export function productsPath(filters: ProductFilters, page: number, perPage: number): string {
  return withQuery('/wc/v3/products', { ...filters, page, per_page: perPage });
}

/** One product. */
export function fetchProduct(id: number): Promise<Product> {
  return api({ path: `/wc/v3/products/${id}` });
}

/** Products by id (grouped products' children), in one call. */
export function fetchProductsByIds(ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return api({ path: withQuery('/wc/v3/products', { include: ids.join(','), per_page: 100 }) });
}

/** Products whose name or SKU matches a term (the grouped products picker). */
export function searchProducts(term: string): Promise<Product[]> {
  return api({ path: withQuery('/wc/v3/products', { search: term, per_page: 20 }) });
}

/** Creates a product. */
export function createProduct(body: ProductWrite): Promise<Product> {
  return api({ path: '/wc/v3/products', method: 'POST', data: body });
}

/** Changes a product (only the fields given). */
export function updateProduct(id: number, body: ProductWrite): Promise<Product> {
  return api({ path: `/wc/v3/products/${id}`, method: 'PUT', data: body });
}

/** Answer of a `…/batch` route: each item its record, or `{id, error}` in the WordPress shape. */
export interface BatchAnswer<T> {
  create?: Array<T | BatchFailure>;
  update?: Array<T | BatchFailure>;
  delete?: Array<T | BatchFailure>;
}

/** One refused item of a batch. */
export interface BatchFailure {
  id: number;
  error: { code: string; message: string; data?: { status?: number; params?: Record<string, string> } };
}

/** True for a batch item that was refused. */
export function isBatchFailure(item: unknown): item is BatchFailure {
  return typeof item === 'object' && item !== null && 'error' in item;
}

/** Sets the status of many products, or deletes them, in one `POST /wc/v3/products/batch`. */
export function batchProducts(
  action: 'publish' | 'draft' | 'delete',
  ids: number[],
): Promise<BatchAnswer<Product>> {
  const data = action === 'delete' ? { delete: ids } : { update: ids.map((id) => ({ id, status: action })) };
  return api({ path: '/wc/v3/products/batch', method: 'POST', data });
}

/** Every variation of a product (WooCommerce caps a page at 100). */
export function fetchVariations(productId: number): Promise<Variation[]> {
  return api({ path: withQuery(`/wc/v3/products/${productId}/variations`, { per_page: 100 }) });
}

/** Creates, updates and deletes variations of a product in one `POST …/variations/batch`. */
export function batchVariations(
  productId: number,
  body: { create?: VariationWrite[]; update?: Array<VariationWrite & { id: number }>; delete?: number[] },
): Promise<BatchAnswer<Variation>> {
  return api({ path: `/wc/v3/products/${productId}/variations/batch`, method: 'POST', data: body });
}

/** The product categories' route (every category is read and cached under it). */
export const CATEGORIES_ROUTE = '/wc/v3/products/categories';

/** Every category (a shop has tens; the route pages by 100). */
export async function fetchAllCategories(): Promise<Category[]> {
  const all: Category[] = [];
  for (let page = 1; ; page++) {
    const batch = await api<Category[]>({
      path: withQuery(CATEGORIES_ROUTE, { per_page: 100, page }),
    });
    all.push(...batch);
    if (batch.length < 100) return all;
  }
}

/** Creates a category. */
export function createCategory(body: CategoryWrite): Promise<Category> {
  return api({ path: '/wc/v3/products/categories', method: 'POST', data: body });
}

/** Renames or moves a category. */
export function updateCategory(id: number, body: CategoryWrite): Promise<Category> {
  return api({ path: `/wc/v3/products/categories/${id}`, method: 'PUT', data: body });
}

/** Deletes a category (its products are unlinked, its children move up to its parent). */
export function deleteCategory(id: number): Promise<Category> {
  return api({ path: `/wc/v3/products/categories/${id}?force=true`, method: 'DELETE' });
}

/** Categories in tree order (each parent followed by its children), with their depth for indenting. */
export function categoryTree(categories: Category[]): Array<{ category: Category; depth: number }> {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<number, Category[]>();
  for (const category of categories) {
    const parent = ids.has(category.parent) ? category.parent : 0;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const out: Array<{ category: Category; depth: number }> = [];
  const walk = (parent: number, depth: number) => {
    for (const category of children.get(parent) ?? []) {
      out.push({ category, depth });
      walk(category.id, depth + 1);
    }
  };
  walk(0, 0);
  return out;
}
