import type { Static } from '@sinclair/typebox';
import type { ShopApi, ShopCategory } from '../shop-api.js';
import type {
  CategoryResponse,
  ProductResponse,
  StoreProductResponse,
  VariationResponse,
} from './catalog.schemas.js';
import { addToCartDescription, addToCartText } from './add-to-cart-text.js';
import { moneyAsSent, priceHtml } from './money.js';
import type { CatalogDetails } from './product-details.js';
import type { CatalogProduct, CatalogVariation } from './product-records.js';

type Currency = ShopApi['currency'];

/** A product in `wc/v3` shape: decimal-string prices as sent (`""` when unset), GMT date twins. */
export function wcProductView(product: CatalogProduct, currency: Currency): Static<typeof ProductResponse> {
  const money = (minor: number | null, sent: string | null, set: boolean) =>
    set && minor !== null ? moneyAsSent(minor, sent, currency.minorUnit) : '';
  const sent = product.sent_prices;
  const { details } = product;
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    permalink: product.permalink,
    date_created: product.date_created,
    date_created_gmt: product.date_created,
    date_modified: product.date_modified,
    date_modified_gmt: product.date_modified,
    type: product.type,
    status: product.status,
    featured: false,
    catalog_visibility: 'visible',
    description: product.description,
    short_description: product.short_description,
    sku: product.sku,
    price: money(product.price, sent.price, product.has_price),
    regular_price: money(product.regular_price, sent.regular_price, product.has_price),
    sale_price: money(product.sale_price, sent.sale_price, product.has_price && product.type !== 'variable'),
    price_html: priceHtml(product, currency),
    on_sale: product.on_sale,
    purchasable: product.purchasable,
    total_sales: product.total_sales,
    external_url: product.external_url,
    button_text: product.button_text,
    manage_stock: product.manage_stock,
    stock_quantity: product.stock_quantity,
    stock_status: product.stock_status,
    backorders: product.backorders,
    backorders_allowed: product.backorders !== 'no',
    average_rating: product.average_rating.toFixed(2),
    rating_count: product.rating_count,
    parent_id: 0,
    categories: product.categories,
    tags: product.tags,
    images: product.images.map((i) => ({
      id: i.id,
      src: i.src,
      name: i.name ?? imageName(i.src),
      alt: i.alt,
    })),
    attributes: product.attributes.map((a, position) => ({
      id: a.id ?? 0,
      name: a.name,
      position,
      visible: a.visible ?? true,
      variation: a.variation,
      options: a.options,
    })),
    variations: product.variations.map((v) => v.id),
    grouped_products: product.grouped_products,
    menu_order: product.menu_order,
    meta_data: details.meta_data,
    post_password: details.post_password,
    shipping_required: !details.virtual,
    shipping_taxable: !details.virtual && details.tax_status !== 'none',
    reviews_allowed: details.reviews_allowed,
    purchase_note: details.purchase_note,
    ...sharedDetailFields(details),
  };
}

/** A variation in `wc/v3` shape. */
export function wcVariationView(
  variation: CatalogVariation,
  currency: Currency,
  permalink: string,
): Static<typeof VariationResponse> {
  const money = (minor: number | null, sent: string | null) =>
    variation.has_price && minor !== null ? moneyAsSent(minor, sent, currency.minorUnit) : '';
  const sent = variation.sent_prices;
  return {
    id: variation.id,
    parent_id: variation.parent_id,
    date_created: variation.date_created,
    date_created_gmt: variation.date_created,
    date_modified: variation.date_modified,
    date_modified_gmt: variation.date_modified,
    description: variation.description,
    permalink: `${permalink}?${new URLSearchParams(
      Object.entries(variation.attributes).map(([k, v]): [string, string] => [
        `attribute_${k.toLowerCase()}`,
        v,
      ]),
    ).toString()}`,
    sku: variation.sku,
    price: money(variation.price, sent.price),
    regular_price: money(variation.regular_price, sent.regular_price),
    sale_price: money(variation.sale_price, sent.sale_price),
    on_sale: variation.on_sale,
    status: variation.status,
    purchasable: variation.purchasable,
    manage_stock: variation.manage_stock,
    stock_quantity: variation.stock_quantity,
    stock_status: variation.stock_status,
    backorders: variation.backorders,
    image: variation.image
      ? {
          id: variation.image.id,
          src: variation.image.src,
          name: variation.image.name ?? imageName(variation.image.src),
          alt: variation.image.alt,
        }
      : null,
    attributes: Object.entries(variation.attributes).map(([name, option]) => ({
      id: variation.attribute_ids[name] ?? 0,
      name,
      option,
    })),
    menu_order: variation.menu_order,
    meta_data: variation.details.meta_data,
    ...sharedDetailFields(variation.details),
  };
}

/** A category in `wc/v3` shape. */
export function wcCategoryView(
  category: ShopCategory & { menu_order?: number },
): Static<typeof CategoryResponse> {
  return { ...category, display: 'default', image: null, menu_order: category.menu_order ?? 0 };
}

/** The currency fields every Store API price object carries. */
export function storeCurrencyFields(currency: Currency) {
  return {
    currency_code: currency.code,
    currency_symbol: currency.symbol,
    currency_minor_unit: currency.minorUnit,
    currency_decimal_separator: '.',
    currency_thousand_separator: ',',
    currency_prefix: currency.symbol,
    currency_suffix: '',
  };
}

/** A published product in Store API shape: minor-unit strings, `extensions` from the registered providers. */
export function storeProductView(
  product: CatalogProduct,
  currency: Currency,
  input: {
    publicUrl: string;
    extensions: Record<string, unknown>;
    /** The product's global attribute terms (their ids and slugs). */
    terms?: Array<{ attribute_id: number; id: number; name: string; slug: string }>;
  },
): Static<typeof StoreProductResponse> {
  const variable = product.type === 'variable';
  const priced = product.has_price;
  const inStock = product.stock_status !== 'outofstock';
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    parent: 0,
    type: product.type,
    variation: '',
    permalink: product.permalink,
    sku: product.sku,
    short_description: product.short_description,
    description: product.description,
    on_sale: product.on_sale,
    prices: {
      price: priced ? String(product.price) : '',
      regular_price: priced ? String(product.regular_price) : '',
      sale_price: priced ? String(product.sale_price ?? product.price) : '',
      // A grouped product's range is its children's (it has no price of its own).
      price_range:
        (variable && priced) || (product.type === 'grouped' && product.max_price > 0)
          ? { min_amount: String(product.price), max_amount: String(product.max_price) }
          : null,
      ...storeCurrencyFields(currency),
    },
    price_html: priceHtml(product, currency),
    average_rating: product.average_rating.toFixed(2),
    review_count: product.rating_count,
    images: product.images.map((i) => ({
      id: i.id,
      src: i.src,
      thumbnail: i.thumbnail ?? i.src,
      srcset: i.srcset ?? '',
      sizes: i.srcset ? PRODUCT_IMAGE_SIZES : '',
      name: i.name ?? imageName(i.src),
      alt: i.alt,
    })),
    categories: product.categories.map((c) => ({
      ...c,
      link: `${input.publicUrl}/product-category/${c.slug}/`,
    })),
    tags: product.tags.map((t) => ({ ...t, link: `${input.publicUrl}/product-tag/${t.slug}/` })),
    attributes: product.attributes.map((a) => {
      const linked = a.id ? (input.terms ?? []).filter((t) => t.attribute_id === a.id) : [];
      return {
        id: a.id ?? 0,
        name: a.name,
        taxonomy: a.taxonomy ?? null,
        has_variations: a.variation,
        terms: a.options.map((o, i) => {
          const term = linked.find((t) => t.name === o);
          return {
            id: term?.id ?? i + 1,
            name: o,
            slug: term?.slug ?? o.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
            default: false,
          };
        }),
      };
    }),
    variations: product.variations
      .filter((v) => v.status === 'publish')
      .map((v) => ({
        id: v.id,
        attributes: Object.entries(v.attributes).map(([name, value]) => ({ name, value })),
      })),
    grouped_products: product.grouped_products,
    has_options: variable,
    is_purchasable: product.purchasable,
    is_in_stock: inStock,
    is_on_backorder: product.stock_status === 'onbackorder',
    low_stock_remaining: null,
    sold_individually: false,
    add_to_cart: {
      text: addToCartText(product),
      description: addToCartDescription(product),
      url: product.type === 'external' ? product.external_url : product.permalink,
      minimum: 1,
      maximum:
        product.manage_stock && product.backorders === 'no' ? Math.max(0, product.stock_quantity ?? 0) : 9999,
      multiple_of: 1,
    },
    extensions: input.extensions,
  };
}

function sharedDetailFields(details: CatalogDetails) {
  return {
    virtual: details.virtual,
    downloadable: details.downloadable,
    tax_status: details.tax_status,
    tax_class: details.tax_class,
    weight: details.weight,
    dimensions: details.dimensions,
    shipping_class: details.shipping_class,
    shipping_class_id: 0,
  };
}

/** The `sizes` of a product image's `srcset`: the width it takes on the product page (WooCommerce's single size). */
export const PRODUCT_IMAGE_SIZES = '(max-width: 600px) 100vw, 600px';

function imageName(src: string): string {
  const last = src.split('/').pop()?.split('?')[0] ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
