import { completeBilling } from '../orders/admin-orders.service.js';
import { completeShipping, type OrderRecord } from '../orders/order-records.js';

/** The order an e-mail preview shows while the shop has none yet (nothing is stored; id 0 matches no product). */
export function sampleOrder(now: Date): OrderRecord {
  const address = {
    first_name: 'Jane',
    last_name: 'Doe',
    address_1: '1 Sample Street',
    city: 'Springfield',
    postcode: '12345',
    country: 'US',
  };
  const date = now.toISOString().slice(0, 19);
  return {
    id: 0,
    status: 'processing',
    currency: 'USD',
    customer_id: 0,
    billing: completeBilling({ ...address, email: 'jane@example.com', phone: '555-0100' }),
    shipping: completeShipping(address),
    line_items: [
      {
        id: 1,
        product_id: 0,
        variation_id: 0,
        quantity: 2,
        subtotal: 2000,
        total: 2000,
        price: 1000,
        name: 'Sample product',
        sku: 'SAMPLE-1',
      },
    ],
    fee_lines: [],
    coupon_lines: [],
    items_subtotal: 2000,
    discount_total: 0,
    total: 2500,
    refunded_total: 0,
    cart_session_id: null,
    meta_data: {},
    date_created: date,
    date_completed: null,
    payment_method: 'cod',
    payment_method_title: 'Cash on delivery',
    transaction_id: '',
    customer_note: '',
    order_key: '',
    fee_total: 0,
    total_tax: 0,
    shipping_total: 500,
    shipping_tax: 0,
    shipping_lines: [{ method_id: 'flat_rate', method_title: 'Flat rate', instance_id: 0, total: 500 }],
    tax_data: null,
    refunds: [],
    meta_entries: [],
    trashed: false,
    stock_reduced: false,
    coupons_counted: false,
    date_modified: date,
    date_paid: null,
  };
}
