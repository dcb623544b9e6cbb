import { WcSettingSchema } from '../settings/wc-setting.schemas.js';
import { Type } from '@sinclair/typebox';

const Links = Type.Record(Type.String(), Type.Array(Type.Object({ href: Type.String() })), {
  description: 'WordPress `_links` (self, collection, describes …).',
});

/** `{id}` of a zone (0 included). */
export const ZoneIdParams = Type.Object({ id: Type.Integer({ minimum: 0 }) });
/** `{id}/methods/{instance_id}` (`id` is the zone). */
export const MethodParams = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  instance_id: Type.Integer({ minimum: 1 }),
});
/** `?force=true`: shipping zones, methods and classes have no trash. */
export const ForceQuery = Type.Object({ force: Type.Optional(Type.Boolean()) });

/** A shipping zone (WooCommerce `wc/v3/shipping/zones`). */
export const ZoneResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  order: Type.Integer(),
  _links: Links,
});

/** Writable zone fields. */
export const ZoneWriteBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  order: Type.Optional(Type.Integer({ minimum: -100000, maximum: 100000 })),
});

/** A zone location. */
export const LocationResponse = Type.Object({ code: Type.String(), type: Type.String(), _links: Links });

/** `PUT …/locations`: the whole list (a JSON array, as WooCommerce takes it). */
export const LocationsBody = Type.Array(
  Type.Object({
    code: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Optional(
      Type.String({ description: '`country` (default), `state`, `postcode` or `continent`.' }),
    ),
  }),
  { maxItems: 1000 },
);

/** A method instance of a zone. */
export const MethodResponse = Type.Object({
  id: Type.Integer(),
  instance_id: Type.Integer(),
  title: Type.String(),
  order: Type.Integer(),
  enabled: Type.Boolean(),
  method_id: Type.String(),
  method_title: Type.String(),
  method_description: Type.String(),
  settings: Type.Record(Type.String(), WcSettingSchema),
  _links: Links,
});

const MethodFields = {
  enabled: Type.Optional(Type.Boolean()),
  order: Type.Optional(Type.Integer({ minimum: -100000, maximum: 100000 })),
  settings: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      maxProperties: 200,
      description: 'Setting id → value (strings, as WooCommerce takes them).',
    }),
  ),
};

/** `POST …/methods`. */
export const MethodCreateBody = Type.Object({
  method_id: Type.String({ minLength: 1, description: '`flat_rate`, `free_shipping` or `local_pickup`.' }),
  ...MethodFields,
});

/** `PUT …/methods/{instance_id}`. */
export const MethodUpdateBody = Type.Object(MethodFields);

/** `wc/v3/shipping_methods` item. */
export const ShippingMethodResponse = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  _links: Links,
});

/** A shipping class (`wc/v3/products/shipping_classes`). */
export const ClassResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  count: Type.Integer(),
  _links: Links,
});

/** Writable shipping class fields. */
export const ClassWriteBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  slug: Type.Optional(Type.String({ maxLength: 180 })),
  description: Type.Optional(Type.String({ maxLength: 10000 })),
});
