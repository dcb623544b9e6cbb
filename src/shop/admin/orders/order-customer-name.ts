import { __ } from '@wordpress/i18n';
import type { Order } from './orders-client.js';

/** The customer as WooCommerce's order list shows them: the billing name, else the e-mail, else "Guest". */
export function orderCustomerName(order: Order): string {
  const name = `${order.billing.first_name} ${order.billing.last_name}`.trim();
  return name || order.billing.email || __('Guest', 'storeside');
}
