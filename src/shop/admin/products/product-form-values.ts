import { fieldErrors, restError } from '../../../admin/api.js';
import type {
  Product,
  ProductStatus,
  ProductType,
  ProductWrite,
  StockStatus,
  Variation,
  VariationWrite,
} from './products-client.js';
import { errorMessage } from '../../../admin/components/request-error.js';

/** One attribute row of the form: options typed as WooCommerce's admin takes them, separated by `|`. */
export interface AttributeValues {
  /** A global attribute's id (kept so a save leaves it global); 0 for one of the product's own. */
  id: number;
  name: string;
  options: string;
  variation: boolean;
  /** Shown on the product page's "Additional information" (kept as stored; new ones are visible). */
  visible: boolean;
}

/** One variation row of the form (`id` once stored); each attribute's chosen option by attribute name. */
export interface VariationValues {
  id?: number;
  /** A stable React key for rows not stored yet. */
  key: string;
  attributes: Record<string, string>;
  regular_price: string;
  sale_price: string;
  sku: string;
  /** Empty = stock not managed for the variation. */
  stock_quantity: string;
}

/** The product form's fields as typed (text inputs keep what the owner typed until it is sent). */
export interface ProductFormValues {
  name: string;
  type: ProductType;
  status: ProductStatus;
  description: string;
  short_description: string;
  regular_price: string;
  sale_price: string;
  sku: string;
  manage_stock: boolean;
  stock_quantity: string;
  stock_status: StockStatus;
  category_ids: number[];
  /** Tag names separated by commas (an unknown name creates the tag). */
  tags: string;
  /** One image URL per line; the first is the product image. */
  images: string;
  /** The media library id of each line that is a library image (by its URL), sent as `{id}` so it keeps its sizes. */
  image_ids: Record<string, number>;
  grouped_products: number[];
  external_url: string;
  button_text: string;
  attributes: AttributeValues[];
  variations: VariationValues[];
}

let nextKey = 1;
/** A key for a new variation row. */
export function newRowKey(): string {
  return `new-${nextKey++}`;
}

/** An empty form (WooCommerce's defaults: a simple product, published once saved, in stock). */
export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    type: 'simple',
    status: 'publish',
    description: '',
    short_description: '',
    regular_price: '',
    sale_price: '',
    sku: '',
    manage_stock: false,
    stock_quantity: '',
    stock_status: 'instock',
    category_ids: [],
    tags: '',
    images: '',
    image_ids: {},
    grouped_products: [],
    external_url: '',
    button_text: '',
    attributes: [],
    variations: [],
  };
}

/** The form filled from a stored product and its variations. */
export function productFormValues(product: Product, variations: Variation[]): ProductFormValues {
  return {
    name: product.name,
    type: product.type as ProductType,
    status: product.status as ProductStatus,
    description: product.description,
    short_description: product.short_description,
    regular_price: product.regular_price,
    sale_price: product.sale_price,
    sku: product.sku,
    manage_stock: product.manage_stock,
    stock_quantity: product.stock_quantity === null ? '' : String(product.stock_quantity),
    stock_status: product.stock_status as StockStatus,
    category_ids: product.categories.map((c) => c.id),
    tags: product.tags.map((tag) => tag.name).join(', '),
    images: product.images.map((image) => image.src).join('\n'),
    image_ids: Object.fromEntries(product.images.map((image) => [image.src, image.id])),
    grouped_products: product.grouped_products,
    external_url: product.external_url,
    button_text: product.button_text,
    attributes: product.attributes.map((a) => ({
      id: a.id,
      name: a.name,
      options: a.options.join(' | '),
      variation: a.variation,
      visible: a.visible,
    })),
    variations: variations.map(variationRow),
  };
}

/** A stored variation as a row of the variations editor. */
export function variationRow(variation: Variation): VariationValues {
  return {
    id: variation.id,
    key: `stored-${variation.id}`,
    attributes: Object.fromEntries(variation.attributes.map((a) => [a.name, a.option])),
    regular_price: variation.regular_price,
    sale_price: variation.sale_price,
    sku: variation.sku,
    stock_quantity:
      variation.manage_stock && variation.stock_quantity !== null ? String(variation.stock_quantity) : '',
  };
}

/** An attribute row's options as a list (`|`-separated, blanks dropped). */
export function attributeOptions(attribute: AttributeValues): string[] {
  return attribute.options
    .split('|')
    .map((option) => option.trim())
    .filter(Boolean);
}

/**
 * The product's request body: the fields of its type only (a variable product's prices and stock live on its
 * variations, a grouped product has none); the server judges prices and quantities as typed.
 */
export function productBody(values: ProductFormValues): ProductWrite {
  const body: ProductWrite = {
    name: values.name.trim(),
    type: values.type,
    status: values.status,
    description: values.description,
    short_description: values.short_description,
    categories: values.category_ids.map((id) => ({ id })),
    tags: values.tags
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => ({ name })),
    images: values.images
      .split('\n')
      .map((src) => src.trim())
      .filter(Boolean)
      .map((src) => (values.image_ids[src] ? { id: values.image_ids[src], src } : { src })),
    attributes: values.attributes
      .filter((a) => a.name.trim() !== '')
      .map((a, position) => ({
        ...(a.id > 0 ? { id: a.id } : {}),
        name: a.name.trim(),
        options: attributeOptions(a),
        variation: values.type === 'variable' && a.variation,
        visible: a.visible,
        position,
      })),
  };
  if (values.type === 'grouped') return { ...body, grouped_products: values.grouped_products };
  if (values.type === 'variable') return body;
  Object.assign(body, {
    regular_price: values.regular_price.trim(),
    sale_price: values.sale_price.trim(),
    sku: values.sku.trim(),
  });
  if (values.type === 'external')
    return { ...body, external_url: values.external_url.trim(), button_text: values.button_text.trim() };
  return {
    ...body,
    manage_stock: values.manage_stock,
    ...(values.manage_stock
      ? { stock_quantity: quantity(values.stock_quantity) }
      : { stock_status: values.stock_status }),
  };
}

/** A variation row's request body (stock managed when a quantity is typed). */
export function variationBody(row: VariationValues, attributes: AttributeValues[]): VariationWrite {
  const stock = row.stock_quantity.trim();
  return {
    attributes: attributes
      .filter((a) => a.variation && a.name.trim() !== '')
      .map((a) => ({ name: a.name.trim(), option: row.attributes[a.name.trim()] ?? '' })),
    regular_price: row.regular_price.trim(),
    sale_price: row.sale_price.trim(),
    sku: row.sku.trim(),
    manage_stock: stock !== '',
    ...(stock !== '' ? { stock_quantity: quantity(stock) } : {}),
  };
}

/** A refused product save's messages by form field (`categories.0.id` → `categories`, …); `''` holds the rest. */
export function productErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const top = field.split(/[.[/]/)[0] || field;
    out[top === 'categories' ? 'category_ids' : top] ??= message;
  }
  if (restError(error).code === 'product_invalid_sku') out.sku = errorMessage(error);
  if (Object.keys(out).length === 0) out[''] = errorMessage(error);
  return out;
}

// A typed quantity: a whole number goes as a number, anything else as typed so the server names the rule.
function quantity(text: string): number {
  const trimmed = text.trim();
  return (/^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed) as number;
}
