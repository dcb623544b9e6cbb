import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { COMBINABLE_TYPES } from './column-types.constants.js';

/**
 * Colours as reference §3.5 allows: hex (3, 4, 6 or 8 digits) or rgb/rgba/hsl/hsla with numeric content; `''` is
 * "not set" (the original admin's default for the row-hover text colour), and the renderer then writes no colour.
 */
export const ColorSchema = Type.String({
  maxLength: 60,
  pattern: '^(|#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(rgb|rgba|hsl|hsla)\\([0-9.,%/ ]+\\))$',
  description: "Hex colour or rgb()/rgba()/hsl()/hsla() with numeric content; '' = not set.",
});

/** CSS sizes: a number and px, %, em, rem or pt. */
export const SizeSchema = Type.String({
  maxLength: 12,
  pattern: '^[0-9]{1,4}(\\.[0-9]{1,3})?(px|%|em|rem|pt)$',
  description: 'A number followed by px, %, em, rem or pt.',
});

const literals = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** Table statuses (WordPress post statuses); only `publish` renders for visitors. */
export const TABLE_STATUSES = ['publish', 'private', 'draft', 'pending'] as const;
/** Where a table's products come from. */
export const SOURCE_TYPES = ['all', 'sale', 'category', 'specific'] as const;
/** Column (cell) types. */
export const COLUMN_TYPES = [
  'image',
  'name',
  'price',
  'sku',
  'stock',
  'button',
  'summary',
  'date',
  'tax',
  'rating',
  'cf',
  'combined',
] as const;
/** Column visibility classes (mobile ≤767px, tablet 768–1023px, desktop ≥1024px). */
export const VISIBILITIES = [
  'default',
  'all',
  'none',
  'desktop',
  'tablet',
  'mobile',
  'not-mobile',
  'not-desktop',
  'not-tablet',
  'min-tablet',
] as const;
/** Source sort keys. */
export const ORDER_BYS = ['date', 'title', 'price', 'popularity', 'rating', 'id', 'menu_order'] as const;

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, uniqueItems: true });

/** Product-display modes of variable and grouped products; only `inline` renders here (the others are Pro). */
export const PRODUCT_MODES = ['inline', 'popup', 'nested', 'separate'] as const;

/**
 * A number ≥ 0 or null. One schema with two types, not a union: Ajv coerces only a value that fits neither type,
 * where a union would turn `null` into `0` in its number branch.
 */
function numberOrNull(options: Record<string, unknown> = {}) {
  return Type.Unsafe<number | null>({ type: ['number', 'null'], minimum: 0, ...options });
}

/** An entry of `queryArgs.productObjects`, the admin's display cache of picked products (never read by the renderer). */
const ProductObjectSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String({ maxLength: 400 }),
    sku: Type.String({ maxLength: 200 }),
    price: Type.String({ maxLength: 2000, description: 'Price HTML as the product picker showed it.' }),
    image: Type.Unsafe<string | boolean>({
      type: ['string', 'boolean'],
      maxLength: 2000,
      description: 'Thumbnail URL, or false without an image.',
    }),
  },
  { additionalProperties: false },
);

/** `source`: which products, filtered and sorted how. */
export const SourceSchema = Type.Object(
  {
    type: literals(SOURCE_TYPES),
    queryArgs: Type.Object(
      {
        categoryIds: Ids,
        postIds: Ids,
        excludes: Ids,
        stockStatus: literals(['any', 'instock', 'outofstock', 'onbackorder'] as const),
        tagIds: { ...Ids, description: 'Stored for the original admin; not used to select products.' },
        priceRange: Type.Object(
          {
            min: Type.Number({ minimum: 0 }),
            max: numberOrNull({ description: 'null = no upper bound.' }),
          },
          {
            additionalProperties: false,
            description: 'Stored for the original admin; not used to select products.',
          },
        ),
        productObjects: Type.Optional(
          Type.Unsafe<Record<string, Static<typeof ProductObjectSchema>>>({
            type: 'object',
            patternProperties: { '^[1-9][0-9]{0,9}$': ProductObjectSchema },
            additionalProperties: false,
            maxProperties: 1000,
            description: "Product id → the admin picker's display data; replaced whole on save.",
          }),
        ),
      },
      { additionalProperties: false },
    ),
    sort: Type.Object(
      { orderBy: literals(ORDER_BYS), order: literals(['ASC', 'DESC'] as const) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const WidthSchema = Type.Object(
  {
    value: Type.Number({ minimum: 0, maximum: 2000 }),
    unit: literals(['auto', 'px', '%', 'em', 'rem'] as const),
  },
  { additionalProperties: false },
);

const ElementSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64, description: "The original admin's drag-and-drop key." })),
    type: literals(COMBINABLE_TYPES),
    settings: Type.Optional(
      Type.Object(
        {
          prefix: Type.Optional(Type.String({ maxLength: 100 })),
          suffix: Type.Optional(Type.String({ maxLength: 100 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/**
 * Per-type column options; `COLUMN_SETTING_KEYS` says which keys each type accepts
 * (the service refuses the others, so nothing is stored that the renderer ignores).
 */
export const ColumnSettingsSchema = Type.Object(
  {
    imageSize: literals(['thumbnail', 'medium', 'large', 'full'] as const),
    linkTarget: literals(['product', 'none'] as const),
    wordLimit: Type.Integer({ minimum: 1, maximum: 200 }),
    taxonomy: Type.String({
      pattern: '^(product_cat|product_tag|pa_[a-z0-9_-]{1,28})$',
      description: 'product_cat, product_tag or a global attribute (pa_<slug>).',
    }),
    linkToArchive: Type.Boolean(),
    displayFormat: literals(['stars', 'woocommerce', 'text'] as const),
    metaKey: Type.String({ minLength: 1, maxLength: 100 }),
    elements: Type.Array(ElementSchema, { maxItems: 10 }),
    layout: literals(['inline', 'block'] as const),
    separator: Type.String({ maxLength: 20 }),
  },
  { additionalProperties: false },
);

/** The column-setting keys each column type accepts. */
export const COLUMN_SETTING_KEYS: Record<(typeof COLUMN_TYPES)[number], readonly string[]> = {
  image: ['imageSize', 'linkTarget'],
  name: ['linkTarget'],
  price: [],
  sku: [],
  stock: [],
  button: [],
  summary: ['wordLimit'],
  date: [],
  tax: ['taxonomy', 'linkToArchive'],
  rating: ['displayFormat'],
  cf: ['metaKey'],
  combined: ['elements', 'layout', 'separator'],
};

/** One column of a table. */
export const ColumnSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    type: literals(COLUMN_TYPES),
    heading: Type.String({ maxLength: 200 }),
    advanced: Type.Object(
      {
        showHeading: Type.Boolean(),
        width: WidthSchema,
        visibility: literals(VISIBILITIES),
        order: Type.Optional(
          Type.Integer({
            minimum: 0,
            maximum: 10_000,
            description:
              'Display position (the original admin renumbers 1..n on drag); columns render by it, ties and columns without it keep their array order.',
          }),
        ),
      },
      { additionalProperties: false },
    ),
    settings: Type.Partial(ColumnSettingsSchema, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** `settings` of a table: features, pagination, cart, filters. */
export const TableSettingsSchema = Type.Object(
  {
    features: Type.Object(
      {
        search: Type.Boolean(),
        sorting: Type.Boolean({
          description: 'Stored only: there is no header-click sorting (as in the original).',
        }),
        pagination: Type.Boolean(),
        export: Type.Boolean({ description: 'Stored only (a Pro feature of the original).' }),
        bulkSelect: Type.Object(
          {
            enabled: Type.Boolean(),
            position: literals(['first', 'last'] as const),
            width: WidthSchema,
            visibility: literals(VISIBILITIES, { description: 'Stored only (unused by the original too).' }),
          },
          { additionalProperties: false },
        ),
        selectedItemsPanel: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
        clearAllButton: Type.Boolean(),
        variationBadges: Type.Boolean(),
        lightbox: Type.Boolean(),
        variableGrouped: Type.Boolean({ description: 'Stored only.' }),
        priceFilter: Type.Object(
          {
            enabled: Type.Boolean(),
            mode: literals(['slider', 'input', 'both'] as const),
            step: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }),
            customMin: numberOrNull(),
            customMax: numberOrNull(),
          },
          { additionalProperties: false, description: 'Stored only (a Pro feature of the original).' },
        ),
        variationsMode: Type.Optional(
          literals(PRODUCT_MODES, { description: 'Legacy name of variableProductMode; stored only.' }),
        ),
        variableProductMode: literals(PRODUCT_MODES, {
          description: 'Stored; products always render inline.',
        }),
        groupedProductMode: literals(PRODUCT_MODES, {
          description: 'Stored; products always render inline.',
        }),
        nestedDefaultExpanded: Type.Boolean({ description: 'Stored only.' }),
        showChildCount: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
    pagination: Type.Object(
      {
        limit: Type.Integer({ minimum: 1, maximum: 500 }),
        mode: literals(['standard', 'load_more', 'infinite'] as const, {
          description: '`infinite` renders as `load_more` (a "Load more" button).',
        }),
        position: literals(['top', 'bottom', 'both'] as const),
      },
      { additionalProperties: false },
    ),
    cart: Type.Object(
      {
        enable: Type.Boolean({
          description: 'Stored; adding to the cart always goes through the Store API.',
        }),
        method: literals(['button', 'checkbox', 'text'] as const, { description: 'Stored only.' }),
        ajaxAdd: Type.Boolean({ description: 'Stored only.' }),
        showQuantity: Type.Boolean(),
        addToCartText: Type.String({ maxLength: 100 }),
        selectOptionsText: Type.String({ maxLength: 100 }),
      },
      { additionalProperties: false },
    ),
    filters: Type.Object(
      {
        enabled: Type.Boolean(),
        showCategory: Type.Boolean(),
        showType: Type.Boolean(),
        activeTaxonomies: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
          maxItems: 50,
          description: 'Stored only (unused by the original too).',
        }),
        showPriceRange: Type.Boolean({ description: 'Stored only (a Pro feature of the original).' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** `style` of a table: the design tokens turned into scoped CSS (reference §1.6, §3.5). */
export const TableStyleSchema = Type.Object(
  {
    header: Type.Object(
      { bgColor: ColorSchema, textColor: ColorSchema, fontSize: SizeSchema },
      { additionalProperties: false },
    ),
    body: Type.Object(
      {
        bgColor: ColorSchema,
        textColor: ColorSchema,
        rowAlternate: Type.Boolean(),
        altBgColor: ColorSchema,
        altTextColor: ColorSchema,
        borderColor: { ...ColorSchema, description: 'Stored only (unused by the original too).' },
      },
      { additionalProperties: false },
    ),
    button: Type.Object(
      {
        bgColor: ColorSchema,
        textColor: ColorSchema,
        borderRadius: SizeSchema,
        icon: Type.String({ maxLength: 50, description: 'Stored only; the button shows no icon.' }),
        hoverBgColor: ColorSchema,
        hoverTextColor: ColorSchema,
      },
      { additionalProperties: false },
    ),
    layout: Type.Object(
      {
        borderStyle: literals(['none', 'solid', 'dashed', 'dotted', 'double'] as const),
        borderColor: ColorSchema,
        borderRadiusEnabled: Type.Boolean(),
        borderRadius: Type.Union(
          [
            Type.Integer({ minimum: 0, maximum: 48 }),
            Type.String({ pattern: '^[0-9]{1,2}(\\.[0-9]{1,3})?px$' }),
          ],
          { description: "Pixels, as a number or as the original admin's '8px' (0–48)." },
        ),
        cellPadding: literals(['compact', 'normal', 'spacious'] as const),
      },
      { additionalProperties: false },
    ),
    typography: Type.Object(
      {
        headerFontWeight: literals(['normal', 'bold', 'extrabold'] as const),
        headerTextTransform: literals(['uppercase', 'lowercase', 'capitalize', 'normal-case'] as const),
      },
      { additionalProperties: false },
    ),
    hover: Type.Object(
      { rowHoverEnabled: Type.Boolean(), rowHoverBgColor: ColorSchema, rowHoverTextColor: ColorSchema },
      { additionalProperties: false },
    ),
    responsive: Type.Object(
      {
        mode: literals(['stack', 'scroll', 'standard', 'accordion', ''] as const, {
          description:
            'Everything but `scroll` renders as `stack` (`standard`, `accordion`, blank: legacy values).',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** A complete table configuration (what the renderer needs). */
export const TableConfigSchema = Type.Object(
  {
    title: Type.String({ maxLength: 200 }),
    status: literals(TABLE_STATUSES),
    source: SourceSchema,
    columns: Type.Array(ColumnSchema, { maxItems: 40 }),
    settings: TableSettingsSchema,
    style: TableStyleSchema,
  },
  { additionalProperties: false },
);

/** A column as a client may send it: `heading`, `advanced` and `settings` fall back to the column defaults. */
export const ColumnInputSchema = Type.Object(
  {
    id: ColumnSchema.properties.id,
    type: ColumnSchema.properties.type,
    heading: Type.Optional(ColumnSchema.properties.heading),
    advanced: Type.Optional(deepPartial(ColumnSchema.properties.advanced)),
    settings: Type.Optional(ColumnSchema.properties.settings),
  },
  { additionalProperties: false },
);

/** A configuration as a client may send it: any part may be left out (it comes from the defaults or the stored table). */
export const TableConfigInputSchema = Type.Object(
  {
    title: Type.Optional(TableConfigSchema.properties.title),
    status: Type.Optional(TableConfigSchema.properties.status),
    source: Type.Optional(deepPartial(SourceSchema)),
    columns: Type.Optional(Type.Array(ColumnInputSchema, { maxItems: 40 })),
    settings: Type.Optional(deepPartial(TableSettingsSchema)),
    style: Type.Optional(deepPartial(TableStyleSchema)),
  },
  { additionalProperties: false },
);

/** A table's full configuration. */
export type TableConfig = Static<typeof TableConfigSchema>;
/** One column. */
export type TableColumn = Static<typeof ColumnSchema>;
/** A column as sent by a client. */
export type TableColumnInput = Static<typeof ColumnInputSchema>;
/** The source part. */
export type TableSource = Static<typeof SourceSchema>;
/** The settings part. */
export type TableSettings = Static<typeof TableSettingsSchema>;
/** The style part. */
export type TableStyle = Static<typeof TableStyleSchema>;
/** A configuration as sent by a client. */
export type TableConfigInput = Static<typeof TableConfigInputSchema>;
/** A column type. */
export type ColumnType = (typeof COLUMN_TYPES)[number];
/** A table status. */
export type TableStatus = (typeof TABLE_STATUSES)[number];

/** Every property of every nested object optional (arrays keep full items). */
export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** A copy of an object schema whose nested objects have no required properties (array items stay complete). */
export function deepPartial<T extends TSchema>(schema: T) {
  return Type.Unsafe<DeepPartial<Static<T>>>(stripRequired(schema));
}

function stripRequired(schema: TSchema): TSchema {
  if (schema.type !== 'object' || !schema.properties) return schema;
  const properties: Record<string, TSchema> = {};
  for (const [key, value] of Object.entries(schema.properties as Record<string, TSchema>))
    properties[key] = stripRequired(value);
  const { required: _required, ...rest } = schema;
  return { ...rest, properties } as TSchema;
}
