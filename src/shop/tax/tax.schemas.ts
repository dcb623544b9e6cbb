import { Type } from '@sinclair/typebox';

const Links = Type.Record(Type.String(), Type.Array(Type.Object({ href: Type.String() })));
const Flag = Type.Union([
  Type.Boolean(),
  Type.Literal('yes'),
  Type.Literal('no'),
  Type.Literal(1),
  Type.Literal(0),
]);

/** Writable tax rate fields (WooCommerce REST v3 names). */
export const TaxRateWriteBody = Type.Object({
  country: Type.Optional(
    Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2 code; empty for any.' }),
  ),
  state: Type.Optional(Type.String({ maxLength: 200, description: 'State code; empty for any.' })),
  postcode: Type.Optional(
    Type.String({ maxLength: 5000, description: 'Postcodes separated by `;` (`*` wildcards, `…` ranges).' }),
  ),
  city: Type.Optional(Type.String({ maxLength: 5000, description: 'Cities separated by `;`.' })),
  postcodes: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000 })),
  cities: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000 })),
  rate: Type.Optional(
    Type.Union([Type.String({ maxLength: 20 }), Type.Number()], {
      description: 'Percentage, e.g. "20.0000".',
    }),
  ),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  compound: Type.Optional(Flag),
  shipping: Type.Optional(Flag),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  class: Type.Optional(
    Type.String({ maxLength: 200, description: 'Tax class slug (`standard` by default).' }),
  ),
});

/** A tax rate as `wc/v3/taxes` shows it. */
export const TaxRateResponse = Type.Object({
  id: Type.Integer(),
  country: Type.String(),
  state: Type.String(),
  postcode: Type.String(),
  city: Type.String(),
  postcodes: Type.Array(Type.String()),
  cities: Type.Array(Type.String()),
  rate: Type.String(),
  name: Type.String(),
  priority: Type.Integer(),
  compound: Type.Boolean(),
  shipping: Type.Boolean(),
  order: Type.Integer(),
  class: Type.String(),
  _links: Links,
});

/** `{id}` path parameter. */
export const TaxRateIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** A tax class as `wc/v3/taxes/classes` shows it. */
export const TaxClassResponse = Type.Object({ slug: Type.String(), name: Type.String(), _links: Links });

/** `{slug}` path parameter of a tax class. */
export const TaxClassParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) });

/** A setting object of `wc/v3/settings/tax` (WooCommerce's setting shape). */
export const TaxSettingResponse = Type.Object({
  id: Type.String(),
  label: Type.String(),
  description: Type.String(),
  type: Type.String(),
  default: Type.String(),
  options: Type.Optional(Type.Record(Type.String(), Type.String())),
  tip: Type.String(),
  value: Type.String(),
  group_id: Type.String(),
  _links: Links,
});

/** `{id}` path parameter of a tax setting. */
export const TaxSettingParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/** Body of `PUT /wc/v3/settings/tax/{id}`. */
export const TaxSettingBody = Type.Object({ value: Type.String({ maxLength: 10_000 }) });
