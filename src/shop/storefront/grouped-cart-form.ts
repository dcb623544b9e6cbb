import { RestError } from '../../platform/http/errors.js';
import type { ShopProduct } from '../shop-api.js';
import { wholeNumber } from './cart-forms.js';

const QUANTITY_FIELD = /^quantity\[([1-9][0-9]{0,9})\]$/;

/** True when a posted add-to-cart form is a grouped product's (it carries `quantity[<child id>]` fields). */
export function hasGroupedQuantities(form: Record<string, string>): boolean {
  return Object.keys(form).some((field) => QUANTITY_FIELD.test(field));
}

/**
 * The lines a grouped product's form adds (WooCommerce's grouped add-to-cart handler): every child of `group`
 * posted with a quantity above 0. A child that is not the group's, a bad quantity or no quantity at all is a 400.
 */
export function groupedCartLines(
  form: Record<string, string>,
  group: ShopProduct | undefined,
): Array<{ id: number; quantity: number }> {
  if (group?.type !== 'grouped' || group.status !== 'publish')
    throw new RestError(
      'woocommerce_rest_cart_invalid_product',
      'This product cannot be added to the cart.',
      400,
    );
  const lines: Array<{ id: number; quantity: number }> = [];
  for (const [field, value] of Object.entries(form)) {
    const id = Number(QUANTITY_FIELD.exec(field)?.[1] ?? 0);
    if (id === 0) continue;
    if (!group.grouped_products.includes(id))
      throw new RestError(
        'woocommerce_rest_cart_invalid_product',
        `Product ${id} is not part of “${group.name}”.`,
        400,
      );
    const quantity = wholeNumber(value, 'quantity');
    if (quantity > 0) lines.push({ id, quantity });
  }
  if (lines.length === 0)
    throw new RestError(
      'woocommerce_grouped_no_quantity',
      'Please choose the quantity of items you wish to add to your cart.',
      400,
    );
  return lines;
}
