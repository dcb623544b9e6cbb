import { Type } from '@sinclair/typebox';

const Address = Type.Object(
  {
    first_name: Type.Optional(Type.String({ maxLength: 200 })),
    last_name: Type.Optional(Type.String({ maxLength: 200 })),
    company: Type.Optional(Type.String({ maxLength: 200 })),
    address_1: Type.Optional(Type.String({ maxLength: 200 })),
    address_2: Type.Optional(Type.String({ maxLength: 200 })),
    city: Type.Optional(Type.String({ maxLength: 200 })),
    state: Type.Optional(Type.String({ maxLength: 100 })),
    postcode: Type.Optional(Type.String({ maxLength: 20 })),
    country: Type.Optional(
      Type.String({ pattern: '^([A-Za-z]{2})?$', description: 'ISO 3166-1 alpha-2 code (empty: unknown).' }),
    ),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    email: Type.Optional(Type.String({ maxLength: 320 })),
  },
  { additionalProperties: false },
);

/** `POST cart/update-customer`: where the cart goes (the shipping address, else the billing one). */
export const UpdateCustomerBody = Type.Object({
  billing_address: Type.Optional(Address),
  shipping_address: Type.Optional(Address),
});

/** `POST cart/select-shipping-rate`. */
export const SelectShippingRateBody = Type.Object({
  package_id: Type.Integer({ minimum: 0, maximum: 100, default: 0 }),
  rate_id: Type.String({ minLength: 1, maxLength: 200, description: 'e.g. `flat_rate:3`.' }),
});
