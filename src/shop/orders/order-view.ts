import type { Static } from '@sinclair/typebox';
import { orderTaxView } from '../tax/order-taxes.js';
import type { OrderRecord, RefundRecord } from './order-records.js';
import type { OrderSchema, RefundSchema } from './orders.schemas.js';

/** An order in WooCommerce REST v3 shape (decimal strings, UTC dates in both fields). */
export function orderView(order: OrderRecord, money: (minor: number) => string): Static<typeof OrderSchema> {
  const zero = money(0);
  const taxes = orderTaxView(order.tax_data, money);
  return {
    id: order.id,
    parent_id: 0,
    number: String(order.id),
    order_key: order.order_key,
    created_via: order.cart_session_id ? 'store-api' : 'rest-api',
    status: order.trashed ? 'trash' : order.status,
    currency: order.currency,
    date_created: order.date_created,
    date_created_gmt: order.date_created,
    date_modified: order.date_modified,
    date_modified_gmt: order.date_modified,
    date_paid: order.date_paid,
    date_paid_gmt: order.date_paid,
    date_completed: order.date_completed,
    date_completed_gmt: order.date_completed,
    discount_total: money(order.discount_total),
    discount_tax: taxes.discount_tax,
    shipping_total: money(order.shipping_total),
    shipping_tax: taxes.shipping_tax,
    cart_tax: taxes.cart_tax,
    total: money(order.total),
    total_tax: money(order.total_tax),
    prices_include_tax: taxes.prices_include_tax,
    customer_id: order.customer_id,
    customer_note: order.customer_note,
    billing: order.billing,
    shipping: order.shipping,
    payment_method: order.payment_method,
    payment_method_title: order.payment_method_title,
    transaction_id: order.transaction_id,
    line_items: order.line_items.map((item, index) => ({
      id: item.id,
      name: item.name,
      product_id: item.product_id,
      variation_id: item.variation_id,
      quantity: item.quantity,
      tax_class: '',
      subtotal: money(item.subtotal),
      total: money(item.total),
      ...taxes.line(index),
      meta_data: [],
      sku: item.sku,
      price: Number(money(item.price)),
    })),
    tax_lines: taxes.tax_lines,
    shipping_lines: order.shipping_lines.map((line, i) => {
      const taxed = order.tax_data?.shipping[i];
      return {
        id: i + 1,
        method_title: line.method_title,
        method_id: line.method_id,
        instance_id: String(line.instance_id),
        total: money(line.total),
        total_tax: money(taxed?.total_tax ?? 0),
        taxes: (taxed?.taxes ?? []).map((t) => ({ id: t.id, total: money(t.total) })),
        meta_data: [],
      };
    }),
    fee_lines: order.fee_lines.map((fee, i) => ({
      id: i + 1,
      name: fee.name,
      tax_class: '',
      tax_status: 'none',
      total: money(fee.total),
      total_tax: zero,
      taxes: [],
    })),
    coupon_lines: order.coupon_lines.map((c, i) => couponLineView(c, i + 1, money)),
    refunds: order.refunds.map((r) => ({ id: r.id, reason: r.reason, total: money(-r.amount) })),
    meta_data: order.meta_entries,
    needs_payment: order.status === 'pending' || order.status === 'failed',
    needs_processing: true,
    is_editable: order.status === 'pending' || order.status === 'on-hold',
  };
}

/** A refund in WooCommerce REST v3 shape (line amounts negative). */
export function refundView(
  order: OrderRecord,
  refund: RefundRecord,
  money: (minor: number) => string,
): Static<typeof RefundSchema> {
  return {
    id: refund.id,
    date_created: refund.date_created,
    date_created_gmt: refund.date_created,
    amount: money(refund.amount),
    reason: refund.reason,
    refunded_by: refund.refunded_by ?? 0,
    refunded_payment: false,
    meta_data: [],
    line_items: refund.line_items.map((line) => {
      const item = order.line_items.find((i) => i.id === line.id);
      return {
        id: line.id,
        name: item?.name ?? '',
        product_id: item?.product_id ?? 0,
        variation_id: item?.variation_id ?? 0,
        quantity: -line.quantity,
        subtotal: money(-line.refund_total),
        total: money(-line.refund_total),
        refunded_item_id: line.id,
      };
    }),
  };
}

// A coupon line with WooCommerce's `coupon_data` meta entry (the coupon when ordered; none for virtual coupons
// such as loyalty discounts, and for orders placed before coupons were kept with them).
function couponLineView(
  line: OrderRecord['coupon_lines'][number] & { data?: Record<string, unknown> },
  id: number,
  money: (minor: number) => string,
): Static<typeof OrderSchema>['coupon_lines'][number] {
  const data = line.data;
  return {
    id,
    code: line.code,
    discount: money(line.discount),
    discount_tax: money(0),
    discount_type: typeof data?.discount_type === 'string' ? data.discount_type : 'fixed_cart',
    nominal_amount: Number(data?.amount ?? 0),
    free_shipping: data?.free_shipping === true,
    meta_data: data ? [{ id, key: 'coupon_data', value: data }] : [],
  };
}
