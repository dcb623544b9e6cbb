import { erasureSubjectId, type PrivacyEraser } from '../../platform/privacy/privacy-erasers.js';
import { findSavedAddresses, saveAddresses } from '../customers/customers.repository.js';
import type { ShopContext } from '../shop-part.js';
import { anonymiseOrder } from './order-anonymiser.js';
import { REMOVE_ORDER_DATA_OPTION } from './privacy-settings.js';
import { findPersonOrderIds } from './privacy.repository.js';

/** Orders anonymised per pass (WooCommerce's page of 10). */
const ORDERS_PER_PASS = 10;

const FIELD_LABELS: Record<string, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  company: 'Company',
  address_1: 'Address 1',
  address_2: 'Address 2',
  city: 'City',
  postcode: 'Postal/Zip Code',
  state: 'State',
  country: 'Country / Region',
  phone: 'Phone Number',
  email: 'Email Address',
};

/**
 * WooCommerce's two erasers (`WC_Privacy_Erasers`): the customer's saved billing and shipping fields, and the
 * personal data of their orders (only when `woocommerce_erasure_request_removes_order_data` is `yes`; otherwise
 * each order is reported as retained).
 */
export function shopErasers(ctx: ShopContext): PrivacyEraser[] {
  return [
    {
      id: 'woocommerce-customer-data',
      friendlyName: 'WooCommerce Customer Data',
      async erase(email) {
        const userId = await erasureSubjectId(ctx.db, email);
        const saved = userId === null ? undefined : (await findSavedAddresses(ctx.db, [userId])).get(userId);
        if (userId === null || !saved)
          return { items_removed: false, items_retained: false, messages: [], done: true };
        // Kept as empty addresses rather than deleted, so the customer view does not fall back to an order's.
        await saveAddresses(ctx.db, userId, { billing: {}, shipping: {} });
        const messages = [...filled('Billing', saved.billing), ...filled('Shipping', saved.shipping)].map(
          (label) => `Removed customer "${label}"`,
        );
        return { items_removed: messages.length > 0, items_retained: false, messages, done: true };
      },
    },
    {
      id: 'woocommerce-orders',
      friendlyName: 'WooCommerce Orders',
      async erase(email) {
        const person = { email: email.trim().toLowerCase(), userId: await erasureSubjectId(ctx.db, email) };
        const remove = (await ctx.options.get(REMOVE_ORDER_DATA_OPTION, 'no')) === 'yes';
        if (!remove) {
          const ids = await findPersonOrderIds(ctx.db, person);
          const messages = ids.map((id) => `Personal data within order ${id} has been retained.`);
          return { items_removed: false, items_retained: ids.length > 0, messages, done: true };
        }
        // An anonymised order no longer matches the person, so each pass takes the next ones.
        const ids = await findPersonOrderIds(ctx.db, person, ORDERS_PER_PASS);
        for (const id of ids)
          await ctx.db.transaction().execute((trx) => anonymiseOrder(trx, id, ctx.clock.now()));
        return {
          items_removed: ids.length > 0,
          items_retained: false,
          messages: ids.map((id) => `Removed personal data from order ${id}.`),
          done: ids.length < ORDERS_PER_PASS,
        };
      },
    },
  ];
}

function filled(prefix: string, address: Record<string, string>): string[] {
  return Object.entries(FIELD_LABELS)
    .filter(([field]) => (address[field] ?? '').trim() !== '')
    .map(([, label]) => `${prefix} ${label}`);
}
