import { Type } from '@sinclair/typebox';

const Links = Type.Record(Type.String(), Type.Array(Type.Object({ href: Type.String() })));

/** A settings group as `GET /wc/v3/settings` lists it. */
export const SettingGroupResponse = Type.Object({
  id: Type.String(),
  label: Type.String(),
  description: Type.String(),
  parent_id: Type.String(),
  sub_groups: Type.Array(Type.String()),
  _links: Links,
});

/** A setting as `/wc/v3/settings/{group}/{id}` answers it (WooCommerce's shape; `options` for select types). */
export const SettingResponse = Type.Object({
  id: Type.String(),
  label: Type.String(),
  description: Type.String(),
  type: Type.String(),
  default: Type.Union([Type.String(), Type.Array(Type.String())]),
  tip: Type.Optional(Type.String()),
  placeholder: Type.Optional(Type.String()),
  options: Type.Optional(Type.Record(Type.String(), Type.String())),
  value: Type.Union([Type.String(), Type.Array(Type.String())]),
  group_id: Type.String(),
  _links: Links,
});

/** Path of a group's routes. */
export const GroupParams = Type.Object({
  group_id: Type.String({ pattern: '^[a-z0-9_-]+$', maxLength: 100 }),
});

/** Path of one setting's routes. */
export const SettingParams = Type.Object({
  group_id: Type.String({ pattern: '^[a-z0-9_-]+$', maxLength: 100 }),
  id: Type.String({ maxLength: 200 }),
});

const Value = Type.Union([
  Type.String({ maxLength: 1000 }),
  Type.Boolean(),
  Type.Number(),
  Type.Array(Type.String({ maxLength: 10 }), { maxItems: 300 }),
]);

/** Body of `PUT /wc/v3/settings/{group}/{id}`: the new value (a string, `yes`/`no`, or a list for multi-selects). */
export const SettingUpdateBody = Type.Object({ value: Value });

/** Body of `POST /wc/v3/settings/{group}/batch` (WooCommerce's settings batch only updates, up to its batch limit). */
export const SettingsBatchBody = Type.Object({
  update: Type.Optional(
    Type.Array(Type.Object({ id: Type.String({ maxLength: 200 }), value: Value }), {
      maxItems: 100,
    }),
  ),
});
