import { toDbTime } from '../../platform/db/sql-helpers.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import type { BillingAddress, ShippingAddress } from '../orders/address-fields.js';
import { insertOrderNote } from '../orders/order-notes.repository.js';
import { SYSTEM_AUTHOR } from '../orders/order-notes.service.js';
import { completeShipping, loadOrder } from '../orders/order-records.js';
import { orderSearchTerms } from '../orders/order-search-terms.js';
import {
  findOrderRow,
  replaceOrderSearchTerms,
  updateOrderRow,
  upsertOrderMeta,
} from '../orders/orders.repository.js';
import { deleteOrderNotes } from './privacy.repository.js';

/** `wp_privacy_anonymize_data('text')`. */
const DELETED_TEXT = '[deleted]';
/** `wp_privacy_anonymize_data('email')`. */
export const DELETED_EMAIL = 'deleted@site.invalid';
const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'postcode',
] as const;

/**
 * WooCommerce's `WC_Privacy::remove_order_personal_data`: the billing and shipping names, companies, address lines,
 * cities and postcodes become `[deleted]` (when set), states, countries and phones empty, the e-mail
 * `deleted@site.invalid`; the order leaves the customer's account, loses its transaction id, customer note and
 * notes, is marked `_anonymized` and gets the note "Personal data removed.". Totals and lines stay.
 */
export async function anonymiseOrder(trx: DbOrTrx, id: number, now: Date): Promise<void> {
  const row = await findOrderRow(trx, id, { lock: true });
  if (!row) return;
  const billing = anonymised(JSON.parse(row.billing) as BillingAddress);
  billing.email = DELETED_EMAIL;
  const shipping = anonymised(completeShipping(JSON.parse(row.shipping) as Partial<ShippingAddress>));
  const at = toDbTime(now);
  await updateOrderRow(trx, id, {
    billing: JSON.stringify(billing),
    billing_email: DELETED_EMAIL,
    shipping: JSON.stringify(shipping),
    customer_id: 0,
    transaction_id: '',
    customer_note: '',
    updated_at: at,
  });
  const itemNames = (await loadOrder(trx, id))?.line_items.map((l) => l.name) ?? [];
  await replaceOrderSearchTerms(trx, id, orderSearchTerms({ billing, shipping, itemNames }));
  await upsertOrderMeta(trx, id, '_anonymized', 'yes');
  await deleteOrderNotes(trx, id);
  await insertOrderNote(trx, {
    order_id: id,
    note: 'Personal data removed.',
    customer_note: 0,
    added_by: null,
    author: SYSTEM_AUTHOR,
    created_at: at,
  });
}

function anonymised<A extends Partial<Record<string, string>>>(address: A): A & Record<string, string> {
  const out: Record<string, string> = { ...(address as Record<string, string>) };
  for (const field of TEXT_FIELDS) if (out[field]) out[field] = DELETED_TEXT;
  for (const field of ['state', 'country', 'phone']) if (field in out) out[field] = '';
  return out as A & Record<string, string>;
}
