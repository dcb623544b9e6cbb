import { RestError } from '../../platform/http/errors.js';
import type { Purchasable } from '../catalog/purchasables.js';

/** A problem the Store API lists in a cart's `errors` (and refuses at checkout). */
export interface CartProblem {
  code: string;
  message: string;
}

/** 400 error of the Store API cart routes (WooCommerce codes). */
export function cartError(code: string, message: string, status = 400): RestError {
  return new RestError(code, message, status);
}

/** Why a line cannot be bought, in WooCommerce's words, or null. */
export function purchasableProblem(line: Purchasable, quantity: number): CartProblem | null {
  const name = line.name || `#${line.productId}`;
  switch (line.problem) {
    case 'not_found':
      return {
        code: 'woocommerce_rest_cart_invalid_product',
        message: 'This product cannot be added to the cart.',
      };
    case 'not_published':
    case 'not_purchasable':
      return line.type === 'variable'
        ? {
            code: 'woocommerce_rest_variation_id_from_variation_data',
            message: `No matching variation found for "${name}": choose its options (variation attributes).`,
          }
        : { code: 'woocommerce_rest_product_not_purchasable', message: `"${name}" cannot be purchased.` };
    case 'out_of_stock':
      return {
        code: 'woocommerce_rest_product_out_of_stock',
        message: `You cannot add "${name}" to the cart because the product is out of stock.`,
      };
    case null:
      if (line.manageStock && line.backorders === 'no' && (line.stockQuantity ?? 0) < quantity)
        return {
          code: 'woocommerce_rest_product_partially_out_of_stock',
          message: `You cannot add that amount of "${name}" to the cart because there is not enough stock (${line.stockQuantity ?? 0} remaining).`,
        };
      return null;
  }
}
