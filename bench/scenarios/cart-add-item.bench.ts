import { defineScenario } from '../scenario.js';
import { guestCartWithItems } from './cart-shared.js';

/** `POST /wp-json/wc/store/v1/cart/add-item` (one more unit of a line) with a Cart-Token: a write transaction. */
export default defineScenario({
  description: 'POST /wp-json/wc/store/v1/cart/add-item (Cart-Token, 3-line cart + coupon)',
  targetRatio: 0.03,
  async setup(ctx) {
    const { token, productId } = await guestCartWithItems(ctx);
    return {
      method: 'POST',
      path: '/wp-json/wc/store/v1/cart/add-item',
      headers: { 'cart-token': token, 'content-type': 'application/json' },
      body: { id: productId, quantity: 1 },
    };
  },
});
