import type { FieldErrors } from '../../platform/http/errors.js';
import type { MetaEntry, MetaInput } from './product-meta.js';
import type { NewProductRow, ProductRow } from './products.repository.js';

/** WooCommerce's tax statuses (stored and returned; the shop computes no taxes). */
export type TaxStatus = 'taxable' | 'shipping' | 'none';

/** Shipping, tax and meta fields products and variations share (WooCommerce's names; sizes as decimal strings). */
export interface SharedDetailsInput {
  virtual?: boolean;
  downloadable?: boolean;
  tax_status?: TaxStatus;
  tax_class?: string;
  weight?: string;
  dimensions?: { length?: string; width?: string; height?: string };
  shipping_class?: string;
  meta_data?: MetaInput[];
}

/** Fields only products (not variations) have. */
export interface ProductOnlyDetailsInput {
  post_password?: string;
  reviews_allowed?: boolean;
  purchase_note?: string;
}

/** The stored details of a product or variation, as the REST edge shows them. */
export interface CatalogDetails {
  post_password: string;
  virtual: boolean;
  downloadable: boolean;
  tax_status: TaxStatus;
  tax_class: string;
  weight: string;
  dimensions: { length: string; width: string; height: string };
  shipping_class: string;
  reviews_allowed: boolean;
  purchase_note: string;
  meta_data: MetaEntry[];
}

const SIZES = ['length', 'width', 'height'] as const;

/** Adds a `numeric` error for a weight or dimension that is not a non-negative decimal (`""` clears it). */
export function checkDetails(input: SharedDetailsInput, errors: FieldErrors): void {
  const decimal = (value: string | undefined) =>
    value === undefined || /^(\d+(\.\d*)?|\.\d+)?$/.test(value.trim());
  if (!decimal(input.weight))
    errors.weight = { numeric: 'The weight must be a decimal number (e.g. "1.5").' };
  for (const size of SIZES)
    if (!decimal(input.dimensions?.[size]))
      errors[`dimensions.${size}`] = { numeric: `The ${size} must be a decimal number (e.g. "10.5").` };
}

/** The row columns of the details given (absent ones untouched; a new row takes the database defaults). */
export function detailColumns(input: SharedDetailsInput & ProductOnlyDetailsInput): Partial<NewProductRow> {
  const columns: Partial<NewProductRow> = {};
  if (input.virtual !== undefined) columns.virtual = input.virtual ? 1 : 0;
  if (input.downloadable !== undefined) columns.downloadable = input.downloadable ? 1 : 0;
  if (input.tax_status !== undefined) columns.tax_status = input.tax_status;
  if (input.tax_class !== undefined) columns.tax_class = input.tax_class.trim();
  if (input.weight !== undefined) columns.weight = input.weight.trim();
  for (const size of SIZES) {
    const value = input.dimensions?.[size];
    if (value !== undefined) columns[size] = value.trim();
  }
  if (input.shipping_class !== undefined) columns.shipping_class = input.shipping_class.trim();
  if (input.post_password !== undefined) columns.post_password = input.post_password;
  if (input.reviews_allowed !== undefined) columns.reviews_allowed = input.reviews_allowed ? 1 : 0;
  if (input.purchase_note !== undefined) columns.purchase_note = input.purchase_note;
  return columns;
}

/** The details of a stored row with its meta entries. */
export function detailsOf(row: ProductRow, meta: MetaEntry[]): CatalogDetails {
  return {
    post_password: row.post_password,
    virtual: row.virtual === 1,
    downloadable: row.downloadable === 1,
    tax_status: row.tax_status as TaxStatus,
    tax_class: row.tax_class,
    weight: row.weight,
    dimensions: { length: row.length, width: row.width, height: row.height },
    shipping_class: row.shipping_class,
    reviews_allowed: row.reviews_allowed === 1,
    purchase_note: row.purchase_note,
    meta_data: meta,
  };
}
