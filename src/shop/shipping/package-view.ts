import { type Static, Type } from '@sinclair/typebox';
import type { ShippingPackage } from './cart-shipping.js';

const Money = Type.String({
  description: 'Integer amount in minor units, as a string (WooCommerce Store API).',
});

/** One package of the Store API cart's `shipping_rates`, with its rates (WooCommerce's shape). */
export const ShippingPackageSchema = Type.Object({
  package_id: Type.Integer(),
  name: Type.String(),
  destination: Type.Object({
    address_1: Type.String(),
    address_2: Type.String(),
    city: Type.String(),
    state: Type.String(),
    postcode: Type.String(),
    country: Type.String(),
  }),
  items: Type.Array(Type.Object({ key: Type.String(), name: Type.String(), quantity: Type.Integer() })),
  shipping_rates: Type.Array(
    Type.Object(
      {
        rate_id: Type.String(),
        name: Type.String(),
        description: Type.String(),
        delivery_time: Type.String(),
        price: Money,
        taxes: Money,
        instance_id: Type.Integer(),
        method_id: Type.String(),
        meta_data: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
        selected: Type.Boolean(),
      },
      { additionalProperties: true },
    ),
  ),
});

/** A package in the Store API shape (money as minor-unit strings, each rate with the currency fields). */
export function packageView(
  pack: ShippingPackage,
  money: Record<string, string | number>,
): Static<typeof ShippingPackageSchema> {
  const items = pack.items.map((i) => `${i.name} &times; ${i.quantity}`).join(', ');
  return {
    package_id: pack.package_id,
    name: 'Shipping',
    destination: { ...pack.destination, address_2: '' },
    items: pack.items,
    shipping_rates: pack.rates.map((rate) => ({
      rate_id: rate.rate_id,
      name: rate.name,
      description: '',
      delivery_time: '',
      price: String(rate.price),
      taxes: '0',
      instance_id: rate.instance_id,
      method_id: rate.method_id,
      meta_data: [{ key: 'Items', value: items }],
      selected: rate.rate_id === pack.selected,
      ...money,
    })),
  };
}
