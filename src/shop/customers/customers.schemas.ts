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
  avatar_url: Str,
  meta_data: Type.Array(Type.Object({ id: Type.Integer(), key: Str, value: Type.Unknown() })),
});

/** `{id}` path parameter. */
export const CustomerIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
