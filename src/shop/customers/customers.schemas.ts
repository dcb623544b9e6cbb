import { Type } from '@sinclair/typebox';
import { paginationQuery } from '../../platform/http/collection.js';
import { UserSchema } from '../../platform/auth/auth.schemas.js';

const Str = Type.String();
const Address = {
  first_name: Str,
  last_name: Str,
  company: Str,
  address_1: Str,
  address_2: Str,
  city: Str,
  state: Str,
  postcode: Str,
  country: Str,
};

/** Body of `POST /auth/v1/register`. */
export const RegisterBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 60 })),
  email: Type.String({ minLength: 3, maxLength: 320 }),
  password: Type.String({ minLength: 8, maxLength: 200 }),
  ref: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Answer of `POST /auth/v1/register`: the new user, logged in (cookie set), and a nonce for it. */
export const RegisterResponse = Type.Object({ user: UserSchema, nonce: Str });

/** Query of `GET /wc/v3/customers`. */
export const CustomerListQuery = Type.Object({
  ...paginationQuery(10),
  search: Type.Optional(Str),
  email: Type.Optional(Str),
  include: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  role: Type.Optional(
    Type.Union([
      Type.Literal('all'),
      Type.Literal('customer'),
      Type.Literal('administrator'),
      Type.Literal('shop_manager'),
      Type.Literal('subscriber'),
    ]),
  ),
  orderby: Type.Optional(
    Type.Union([Type.Literal('id'), Type.Literal('name'), Type.Literal('registered_date')]),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

/** A customer as `wc/v3/customers` shows it. */
export const CustomerResponse = Type.Object({
  id: Type.Integer(),
  date_created: Str,
  date_created_gmt: Str,
  date_modified: Str,
  date_modified_gmt: Str,
  email: Str,
  first_name: Str,
  last_name: Str,
  role: Str,
  username: Str,
  billing: Type.Object({ ...Address, email: Str, phone: Str }),
  shipping: Type.Object({ ...Address, phone: Str }),
  is_paying_customer: Type.Boolean(),
  orders_count: Type.Integer({
    description: 'Orders placed, trashed ones left out (as WooCommerce REST v2).',
  }),
  total_spent: Type.String({
    description: 'What the paid (processing, completed) orders came to minus their refunds (decimal).',
  }),
  avatar_url: Str,
  meta_data: Type.Array(Type.Object({ id: Type.Integer(), key: Str, value: Type.Unknown() })),
});

/** `{id}` path parameter (0 is accepted so that it answers 404 `woocommerce_rest_invalid_id`, as WooCommerce). */
export const CustomerIdParams = Type.Object({ id: Type.Integer({ minimum: 0 }) });

const Field = Type.Optional(Type.String({ maxLength: 200 }));
const AddressInput = {
  first_name: Field,
  last_name: Field,
  company: Field,
  address_1: Field,
  address_2: Field,
  city: Field,
  state: Field,
  postcode: Field,
  country: Field,
  phone: Field,
};

/** Body of `PUT /wc/v3/customers/{id}`: the fields to change (`username` only if unchanged, as WooCommerce). */
export const CustomerWriteBody = Type.Object({
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 100 })),
  first_name: Type.Optional(Type.String({ maxLength: 100 })),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  username: Type.Optional(Type.String({ maxLength: 60 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  billing: Type.Optional(Type.Object({ ...AddressInput, email: Field })),
  shipping: Type.Optional(Type.Object(AddressInput)),
});

/** Body of `POST /wc/v3/customers`: `email` required; no password → a random one (the customer resets it). */
export const CustomerCreateBody = Type.Composite([
  Type.Omit(CustomerWriteBody, ['email']),
  Type.Object({ email: Type.String({ minLength: 3, maxLength: 100 }) }),
]);

/** Query of `DELETE /wc/v3/customers/{id}`: `force=true` required; `reassign` receives their orders. */
export const CustomerDeleteQuery = Type.Object({
  force: Type.Optional(Type.Boolean()),
  reassign: Type.Optional(Type.Integer({ minimum: 1 })),
});
