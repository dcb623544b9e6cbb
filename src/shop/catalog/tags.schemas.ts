import { Type } from '@sinclair/typebox';

/** Writable tag fields (`wc/v3/products/tags`). */
export const TagWriteBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  slug: Type.Optional(Type.String({ maxLength: 180 })),
  description: Type.Optional(Type.String({ maxLength: 10000 })),
});

/** A tag as `wc/v3` shows it (`count` = published products carrying it). */
export const TagResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  count: Type.Integer(),
});

/** A tag as the Store API shows it. */
export const StoreTagResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  parent: Type.Integer(),
  count: Type.Integer(),
  link: Type.String(),
});
