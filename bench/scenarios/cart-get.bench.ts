import { defineScenario } from '../scenario.js';
import { guestCartWithItems } from './cart-shared.js';

/** `GET /wp-json/wc/store/v1/cart` for a guest Cart-Token: two lines and a percent coupon, totals recomputed. */
export default defineScenario({
  description: 'GET /wp-json/wc/store/v1/cart (Cart-Token, 2 lines + coupon)',
  targetRatio: 0.1,
  async setup(ctx) {
    const { token } = await guestCartWithItems(ctx);
    return { path: '/wp-json/wc/store/v1/cart', headers: { 'cart-token': token } };
  },
});
