import { Type } from '@sinclair/typebox';

const OrderBy = Type.Union(
  ['menu_order', 'name', 'name_num', 'id'].map((v) => Type.Literal(v)),
  { description: 'Default sort order of the terms.' },
);

/** Writable attribute fields (`wc/v3/products/attributes`). */
export const AttributeWriteBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  slug: Type.Optional(
    Type.String({ maxLength: 200, description: 'With or without `pa_`; at most 28 characters.' }),
  ),
  type: Type.Optional(Type.Literal('select')),
  order_by: Type.Optional(OrderBy),
  has_archives: Type.Optional(Type.Boolean()),
});

/** An attribute as `wc/v3` shows it (`slug` carries the `pa_` prefix). */
export const AttributeResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  type: Type.String(),
  order_by: Type.String(),
  has_archives: Type.Boolean(),
});

/** Writable term fields (`wc/v3/products/attributes/{id}/terms`). */
export const TermWriteBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  slug: Type.Optional(Type.String({ maxLength: 180 })),
  description: Type.Optional(Type.String({ maxLength: 10000 })),
  menu_order: Type.Optional(Type.Integer({ minimum: -1000000, maximum: 1000000 })),
});

/** A term as `wc/v3` shows it (`count` = published products having it). */
export const TermResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  menu_order: Type.Integer(),
  count: Type.Integer(),
});

/** `{attribute_id}` path parameter (as WooCommerce names it in term routes). */
export const AttributeIdParams = Type.Object({ attribute_id: Type.Integer({ minimum: 1 }) });
/** `{attribute_id}/terms/{id}` path parameters. */
export const TermParams = Type.Object({
  attribute_id: Type.Integer({ minimum: 1 }),
  id: Type.Integer({ minimum: 1 }),
});

/** An attribute as the Store API shows it. */
export const StoreAttributeResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  taxonomy: Type.String(),
  type: Type.String(),
  order: Type.String(),
  has_archives: Type.Boolean(),
  count: Type.Integer(),
});

/** A term as the Store API shows it. */
export const StoreTermResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  parent: Type.Integer(),
  count: Type.Integer(),
});
