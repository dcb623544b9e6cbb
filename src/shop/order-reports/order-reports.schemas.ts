import { Type } from '@sinclair/typebox';

/** One status with its number of orders (WooCommerce's `GET /wc/v3/reports/orders/totals` item). */
export const OrderTotalSchema = Type.Object({
  slug: Type.String({ description: 'The status, e.g. `on-hold`.' }),
  name: Type.String({ description: 'Its name, e.g. "On hold".' }),
  total: Type.Integer({ description: 'Orders in this status (trashed ones left out).' }),
});

/** One status with the statuses an order in it may move to (the shop's transition rule). */
export const OrderStatusSchema = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  next: Type.Array(Type.String(), { description: 'The statuses an order in this one may be moved to.' }),
});
