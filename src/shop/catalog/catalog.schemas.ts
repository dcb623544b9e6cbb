import { type Static, Type } from '@sinclair/typebox';
import { paginationQuery } from '../../platform/http/collection.js';

const Str = Type.String();
const Int = Type.Integer();
const StringOrNull = Type.Union([Type.String(), Type.Null()]);
const Price = Type.String({ description: 'Decimal string (e.g. "19.99"); "" clears it.' });
const StockStatusSchema = Type.Union([
  Type.Literal('instock'),
  Type.Literal('outofstock'),
  Type.Literal('onbackorder'),
]);
const StatusSchema = Type.Union([
  Type.Literal('publish'),
  Type.Literal('draft'),
  Type.Literal('private'),
  Type.Literal('pending'),
]);
const TypeSchema = Type.Union([
  Type.Literal('simple'),
  Type.Literal('variable'),
  Type.Literal('grouped'),
  Type.Literal('external'),
]);
const Backorders = Type.Union([Type.Literal('no'), Type.Literal('notify'), Type.Literal('yes')]);
const ImageIn = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 0, description: 'A media library id (`wp/v2/media`).' })),
  src: Type.Optional(
    Type.String({ minLength: 1, maxLength: 2000, description: 'An image URL, kept as it is.' }),
  ),
  alt: Type.Optional(Str),
  name: Type.Optional(Str),
});
const ImageOut = Type.Object({ id: Int, src: Str, name: Str, alt: Str });
const CategoryRef = Type.Object({ id: Int, name: Str, slug: Str });
const TaxStatus = Type.Union([Type.Literal('taxable'), Type.Literal('shipping'), Type.Literal('none')]);
const Size = Type.String({ maxLength: 30, description: 'Decimal string; "" clears it.' });
const MetaOut = Type.Array(Type.Object({ id: Int, key: Str, value: Type.Unknown() }));
/** Shipping, tax and meta fields products and variations take (WooCommerce's names). */
const SharedDetailsWrite = {
  virtual: Type.Optional(Type.Boolean()),
  downloadable: Type.Optional(Type.Boolean()),
  tax_status: Type.Optional(TaxStatus),
  tax_class: Type.Optional(Type.String({ maxLength: 100 })),
  weight: Type.Optional(Size),
  dimensions: Type.Optional(
    Type.Object({ length: Type.Optional(Size), width: Type.Optional(Size), height: Type.Optional(Size) }),
  ),
  shipping_class: Type.Optional(Type.String({ maxLength: 200, description: 'Shipping class slug.' })),
  meta_data: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Optional(Type.Integer({ minimum: 1 })),
        key: Type.String({ minLength: 1, maxLength: 255 }),
        value: Type.Optional(
          Type.Unknown({ description: 'Any JSON value; null or absent deletes the key.' }),
        ),
      }),
      { maxItems: 100 },
    ),
  ),
};
/** The same fields as shown (`shipping_class_id` is always 0: the shop has no shipping classes). */
const SharedDetailsRead = {
  virtual: Type.Boolean(),
  downloadable: Type.Boolean(),
  tax_status: Str,
  tax_class: Str,
  weight: Str,
  dimensions: Type.Object({ length: Str, width: Str, height: Str }),
  shipping_class: Str,
  shipping_class_id: Int,
};
/** An id list as WordPress takes it: `include[]=1&include[]=2` or `include=1,2`. */
const IdList = Type.Array(Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$' }));

/** Writable product fields (`wc/v3/products`). */
export const ProductWriteBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 400 })),
  slug: Type.Optional(Type.String({ maxLength: 180 })),
  sku: Type.Optional(Type.String({ maxLength: 100 })),
  type: Type.Optional(TypeSchema),
  status: Type.Optional(StatusSchema),
  description: Type.Optional(Str),
  short_description: Type.Optional(Str),
  regular_price: Type.Optional(Price),
  sale_price: Type.Optional(Price),
  manage_stock: Type.Optional(Type.Boolean()),
  stock_quantity: Type.Optional(
    Type.Union([Type.Integer({ minimum: -1000000, maximum: 1000000000 }), Type.Null()]),
  ),
  stock_status: Type.Optional(StockStatusSchema),
  backorders: Type.Optional(Backorders),
  categories: Type.Optional(Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }) }))),
  tags: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Optional(Type.Integer({ minimum: 1 })),
        name: Type.Optional(
          Type.String({ maxLength: 200, description: 'A new tag is created under this name.' }),
        ),
      }),
      { maxItems: 100 },
    ),
  ),
  images: Type.Optional(Type.Array(ImageIn, { maxItems: 50 })),
  attributes: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Optional(Type.Integer({ minimum: 0, description: 'A global attribute; 0 = a custom one.' })),
        name: Type.Optional(Type.String({ maxLength: 200 })),
        position: Type.Optional(Int),
        visible: Type.Optional(Type.Boolean()),
        variation: Type.Optional(Type.Boolean()),
        options: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 }),
      }),
      { maxItems: 50 },
    ),
  ),
  grouped_products: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  external_url: Type.Optional(Type.String({ maxLength: 2000 })),
  button_text: Type.Optional(Type.String({ maxLength: 200 })),
  menu_order: Type.Optional(Int),
  post_password: Type.Optional(Type.String({ maxLength: 255 })),
  reviews_allowed: Type.Optional(Type.Boolean()),
  purchase_note: Type.Optional(Type.String({ maxLength: 20000 })),
  ...SharedDetailsWrite,
});

const ProductResponseSchema = Type.Object({
  id: Int,
  name: Str,
  slug: Str,
  permalink: Str,
  date_created: Str,
  date_created_gmt: Str,
  date_modified: Str,
  date_modified_gmt: Str,
  type: Str,
  status: Str,
  featured: Type.Boolean(),
  catalog_visibility: Str,
  description: Str,
  short_description: Str,
  sku: Str,
  price: Str,
  regular_price: Str,
  sale_price: Str,
  price_html: Str,
  on_sale: Type.Boolean(),
  purchasable: Type.Boolean(),
  total_sales: Int,
  external_url: Str,
  button_text: Str,
  manage_stock: Type.Boolean(),
  stock_quantity: Type.Union([Int, Type.Null()]),
  stock_status: Str,
  backorders: Str,
  backorders_allowed: Type.Boolean(),
  average_rating: Str,
  rating_count: Int,
  parent_id: Int,
  categories: Type.Array(CategoryRef),
  tags: Type.Array(CategoryRef),
  images: Type.Array(ImageOut),
  attributes: Type.Array(
    Type.Object({
      id: Int,
      name: Str,
      position: Int,
      visible: Type.Boolean(),
      variation: Type.Boolean(),
      options: Type.Array(Str),
    }),
  ),
  variations: Type.Array(Int),
  grouped_products: Type.Array(Int),
  menu_order: Int,
  meta_data: MetaOut,
  post_password: Str,
  shipping_required: Type.Boolean(),
  shipping_taxable: Type.Boolean(),
  reviews_allowed: Type.Boolean(),
  purchase_note: Str,
  ...SharedDetailsRead,
});
/** A product as `wc/v3` shows it (money as decimal strings). */
export type ProductView = Static<typeof ProductResponseSchema>;
/**
 * The schema of `ProductView`, typed through that named type so that routes pairing it with a body or a query
 * do not expand the whole object again (that outgrows TypeScript's instantiation limit).
 */
export const ProductResponse = Type.Unsafe<ProductView>(ProductResponseSchema);

/** Query of `GET /wc/v3/products`. */
export const ProductListQuery = Type.Object({
  ...paginationQuery(10),
  search: Type.Optional(Str),
  sku: Type.Optional(Type.String({ description: 'Exact SKU, or a comma-separated list of SKUs.' })),
  include: Type.Optional(IdList),
  exclude: Type.Optional(IdList),
  category: Type.Optional(Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$' })),
  tag: Type.Optional(
    Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$', description: 'Tag ids (any of them).' }),
  ),
  attribute: Type.Optional(
    Type.String({ maxLength: 200, description: 'A global attribute slug (`pa_color`).' }),
  ),
  attribute_term: Type.Optional(
    Type.String({
      pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$',
      description: 'Term ids of `attribute` (any of them).',
    }),
  ),
  on_sale: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Union([StatusSchema, Type.Literal('any')])),
  type: Type.Optional(TypeSchema),
  stock_status: Type.Optional(StockStatusSchema),
  orderby: Type.Optional(
    Type.Union(
      ['date', 'id', 'include', 'title', 'price', 'popularity', 'rating', 'menu_order'].map((v) =>
        Type.Literal(v),
      ),
    ),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** Writable variation fields (`wc/v3/products/{id}/variations`). */
export const VariationWriteBody = Type.Object({
  sku: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(StatusSchema),
  description: Type.Optional(Str),
  regular_price: Type.Optional(Price),
  sale_price: Type.Optional(Price),
  manage_stock: Type.Optional(Type.Boolean()),
  stock_quantity: Type.Optional(
    Type.Union([Type.Integer({ minimum: -1000000, maximum: 1000000000 }), Type.Null()]),
  ),
  stock_status: Type.Optional(StockStatusSchema),
  backorders: Type.Optional(Backorders),
  attributes: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Optional(
          Type.Integer({ minimum: 0, description: 'A global attribute (then `name` may be left out).' }),
        ),
        name: Type.Optional(Type.String({ minLength: 1 })),
        option: Str,
      }),
      { maxItems: 50 },
    ),
  ),
  image: Type.Optional(Type.Union([ImageIn, Type.Null()])),
  menu_order: Type.Optional(Int),
  ...SharedDetailsWrite,
});

/** A variation as `wc/v3` shows it. */
export const VariationResponse = Type.Object({
  id: Int,
  parent_id: Int,
  date_created: Str,
  date_created_gmt: Str,
  date_modified: Str,
  date_modified_gmt: Str,
  description: Str,
  permalink: Str,
  sku: Str,
  price: Str,
  regular_price: Str,
  sale_price: Str,
  on_sale: Type.Boolean(),
  status: Str,
  purchasable: Type.Boolean(),
  manage_stock: Type.Boolean(),
  stock_quantity: Type.Union([Int, Type.Null()]),
  stock_status: Str,
  backorders: Str,
  image: Type.Union([ImageOut, Type.Null()]),
  attributes: Type.Array(Type.Object({ id: Int, name: Str, option: Str })),
  menu_order: Int,
  meta_data: MetaOut,
  ...SharedDetailsRead,
});

/** Writable category fields (`wc/v3/products/categories`). */
export const CategoryWriteBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  slug: Type.Optional(Type.String({ maxLength: 180 })),
  parent: Type.Optional(Type.Integer({ minimum: 0 })),
  description: Type.Optional(Str),
  menu_order: Type.Optional(Int),
});

/** A category as `wc/v3` shows it. */
export const CategoryResponse = Type.Object({
  id: Int,
  name: Str,
  slug: Str,
  parent: Int,
  description: Str,
  display: Str,
  image: Type.Null(),
  menu_order: Int,
  count: Int,
});

/** `{id}` path parameter. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** `{product_id}/variations/{id}` path parameters. */
export const VariationParams = Type.Object({
  product_id: Type.Integer({ minimum: 1 }),
  id: Type.Integer({ minimum: 1 }),
});
/** `?force=true` of DELETE routes. */
export const ForceQuery = Type.Object({ force: Type.Optional(Type.Boolean()) });

/** Store API money fields shared by every price object. */
export const StoreCurrencyFields = {
  currency_code: Str,
  currency_symbol: Str,
  currency_minor_unit: Int,
  currency_decimal_separator: Str,
  currency_thousand_separator: Str,
  currency_prefix: Str,
  currency_suffix: Str,
};

/** A product as the Store API shows it (money as minor-unit strings). */
export const StoreProductResponse = Type.Object({
  id: Int,
  name: Str,
  slug: Str,
  parent: Int,
  type: Str,
  variation: Str,
  permalink: Str,
  sku: Str,
  short_description: Str,
  description: Str,
  on_sale: Type.Boolean(),
  prices: Type.Object({
    price: Str,
    regular_price: Str,
    sale_price: Str,
    price_range: Type.Union([Type.Object({ min_amount: Str, max_amount: Str }), Type.Null()]),
    ...StoreCurrencyFields,
  }),
  price_html: Str,
  average_rating: Str,
  review_count: Int,
  images: Type.Array(
    Type.Object({ id: Int, src: Str, thumbnail: Str, srcset: Str, sizes: Str, name: Str, alt: Str }),
  ),
  categories: Type.Array(Type.Object({ id: Int, name: Str, slug: Str, link: Str })),
  tags: Type.Array(Type.Object({ id: Int, name: Str, slug: Str, link: Str })),
  attributes: Type.Array(
    Type.Object({
      id: Int,
      name: Str,
      taxonomy: StringOrNull,
      has_variations: Type.Boolean(),
      terms: Type.Array(Type.Object({ id: Int, name: Str, slug: Str, default: Type.Boolean() })),
    }),
  ),
  variations: Type.Array(
    Type.Object({ id: Int, attributes: Type.Array(Type.Object({ name: Str, value: Str })) }),
  ),
  grouped_products: Type.Array(Int),
  has_options: Type.Boolean(),
  is_purchasable: Type.Boolean(),
  is_in_stock: Type.Boolean(),
  is_on_backorder: Type.Boolean(),
  low_stock_remaining: Type.Union([Int, Type.Null()]),
  sold_individually: Type.Boolean(),
  add_to_cart: Type.Object({
    text: Str,
    description: Str,
    url: Str,
    minimum: Int,
    maximum: Int,
    multiple_of: Int,
  }),
  extensions: Type.Record(Type.String(), Type.Unknown()),
});

/** Query of `GET /wc/store/v1/products`. */
export const StoreProductListQuery = Type.Object(
  {
    ...paginationQuery(10),
    search: Type.Optional(Str),
    sku: Type.Optional(Str),
    include: Type.Optional(IdList),
    exclude: Type.Optional(IdList),
    category: Type.Optional(Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$' })),
    tag: Type.Optional(
      Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$', description: 'Tag ids (any of them).' }),
    ),
    attribute_relation: Type.Optional(Type.Union([Type.Literal('and'), Type.Literal('in')])),
    on_sale: Type.Optional(Type.Boolean()),
    type: Type.Optional(TypeSchema),
    stock_status: Type.Optional(Type.Array(StockStatusSchema)),
    orderby: Type.Optional(
      Type.Union(
        ['date', 'id', 'include', 'title', 'price', 'popularity', 'rating', 'menu_order'].map((v) =>
          Type.Literal(v),
        ),
      ),
    ),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  },
  {
    // The Store API's `attributes[0][attribute]=pa_color&attributes[0][term_id]=12` (or `[slug][]=red`, `[operator]`).
    patternProperties: {
      '^attributes\\[\\d{1,2}\\]\\[attribute\\]$': Type.String({ maxLength: 200 }),
      '^attributes\\[\\d{1,2}\\]\\[(term_id|slug)\\]$': Type.Array(Type.String({ maxLength: 200 }), {
        maxItems: 100,
      }),
      '^attributes\\[\\d{1,2}\\]\\[operator\\]$': Type.Union([
        Type.Literal('in'),
        Type.Literal('not_in'),
        Type.Literal('and'),
      ]),
    },
  },
);
