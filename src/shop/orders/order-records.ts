import type { DbOrTrx } from '../../platform/db/database.js';
import { toIsoNoZone } from '../../platform/db/sql-helpers.js';
import type { OrderStatus, ShopOrder } from '../shop-api.js';
import { type OrderTaxData, parseOrderTaxData } from '../tax/order-taxes.js';
import { type BillingAddress, SHIPPING_FIELDS, type ShippingAddress } from './address-fields.js';
import { findOrderChildren, findOrderRows, type OrderRow } from './orders.repository.js';

/** One refunded line of a refund (positive amounts; the REST edge shows them negative). */
export interface RefundLine {
  id: number;
  quantity: number;
  refund_total: number;
}

/** A refund as the shop keeps it. */
export interface RefundRecord {
  id: number;
  amount: number;
  reason: string;
  line_items: RefundLine[];
  refunded_by: number | null;
  date_created: string;
}

/** A shipping line of an order (WooCommerce's `shipping_lines`; total in minor units, tax not included). */
export interface OrderShippingLine {
  method_id: string;
  method_title: string;
  /** The zone method instance the rate came from (0 when entered by hand). */
  instance_id: number;
  total: number;
}

/** An order with everything the REST edge shows (a ShopOrder plus WooCommerce's other fields). */
export interface OrderRecord extends ShopOrder {
  billing: BillingAddress;
  shipping: ShippingAddress;
  line_items: Array<ShopOrder['line_items'][number] & { id: number; sku: string; price: number }>;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string;
  customer_note: string;
  order_key: string;
  fee_total: number;
  shipping_lines: OrderShippingLine[];
  /** The order's taxes (null when it was placed without tax). */
  tax_data: OrderTaxData | null;
  refunds: RefundRecord[];
  meta_entries: Array<{ id: number; key: string; value: unknown }>;
  trashed: boolean;
  stock_reduced: boolean;
  coupons_counted: boolean;
  date_modified: string;
  date_paid: string | null;
}

/** Orders by id with their lines, refunds and meta, in the order asked (four queries whatever the count). */
export async function loadOrders(db: DbOrTrx, ids: readonly number[]): Promise<OrderRecord[]> {
  const rows = await findOrderRows(db, ids);
  if (rows.length === 0) return [];
  const children = await findOrderChildren(
    db,
    rows.map((r) => r.id),
  );
  const byId = new Map(
    rows.map((row) => [
      row.id,
      toRecord(
        row,
        children.items.filter((i) => i.order_id === row.id),
        children.refunds.filter((r) => r.order_id === row.id),
        children.meta.filter((m) => m.order_id === row.id),
      ),
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One order with everything, or null. */
export async function loadOrder(db: DbOrTrx, id: number): Promise<OrderRecord | null> {
  return (await loadOrders(db, [id]))[0] ?? null;
}

/** An order record from rows the caller already holds (e.g. the ones it just wrote), without reading them. */
export function orderRecordFrom(
  row: OrderRow,
  children: Awaited<ReturnType<typeof findOrderChildren>>,
): OrderRecord {
  return toRecord(row, children.items, children.refunds, children.meta);
}

/** A shipping address with every WooCommerce field present (empty when not given). */
export function completeShipping(given: Partial<ShippingAddress>): ShippingAddress {
  return Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, (given[f] ?? '').trim()])) as ShippingAddress;
}

function toRecord(
  row: OrderRow,
  items: Awaited<ReturnType<typeof findOrderChildren>>['items'],
  refunds: Awaited<ReturnType<typeof findOrderChildren>>['refunds'],
  meta: Awaited<ReturnType<typeof findOrderChildren>>['meta'],
): OrderRecord {
  const taxData = parseOrderTaxData(row.tax_data);
  const entries = meta.map((m) => ({
    id: m.id,
    key: m.meta_key,
    value: JSON.parse(m.meta_value) as unknown,
  }));
  return {
    id: row.id,
    status: row.status as OrderStatus,
    currency: row.currency,
    customer_id: row.customer_id,
    billing: JSON.parse(row.billing) as BillingAddress,
    shipping: completeShipping(JSON.parse(row.shipping) as Partial<ShippingAddress>),
    line_items: items.map((i) => ({
      id: i.id,
      product_id: i.product_id,
      variation_id: i.variation_id,
      quantity: i.quantity,
      subtotal: i.subtotal,
      total: i.total,
      name: i.name,
      sku: i.sku,
      price: i.price,
    })),
    fee_lines: JSON.parse(row.fee_lines) as ShopOrder['fee_lines'],
    coupon_lines: JSON.parse(row.coupon_lines) as ShopOrder['coupon_lines'],
    items_subtotal: row.items_subtotal,
    discount_total: row.discount_total,
    total: row.total,
    refunded_total: row.refunded_total,
    cart_session_id: row.cart_session_id,
    meta_data: Object.fromEntries(entries.map((e) => [e.key, e.value])),
    date_created: toIsoNoZone(row.created_at)!,
    date_completed: toIsoNoZone(row.completed_at),
    payment_method: row.payment_method,
    payment_method_title: row.payment_method_title,
    transaction_id: row.transaction_id,
    customer_note: row.customer_note,
    order_key: row.order_key,
    fee_total: row.fee_total,
    total_tax: row.total_tax,
    shipping_total: row.shipping_total,
    shipping_tax: taxData?.shipping_tax ?? 0,
    shipping_lines: JSON.parse(row.shipping_lines) as OrderShippingLine[],
    tax_data: taxData,
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      reason: r.reason,
      line_items: JSON.parse(r.line_items) as RefundLine[],
      refunded_by: r.refunded_by,
      date_created: toIsoNoZone(r.created_at)!,
    })),
    meta_entries: entries,
    trashed: row.trashed === 1,
    stock_reduced: row.stock_reduced === 1,
    coupons_counted: row.coupons_counted === 1,
    date_modified: toIsoNoZone(row.updated_at)!,
    date_paid: toIsoNoZone(row.paid_at),
  };
}
