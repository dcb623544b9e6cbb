import { defineScenario } from '../scenario.js';

/** `POST /wp-json/cartrecovery/v1/capture` creating a new capture per request, with the rate limit raised. */
export default defineScenario({
  description: 'POST /cartrecovery/v1/capture (new capture from the client cart; rate limit raised)',
  targetRatio: 0.3,
  async setup(ctx) {
    await ctx.rest('POST', '/cartrecovery/v1/settings', {
      capture_rate_limit: 1_000_000,
      capture_rate_window: 60,
    });
    const product = await ctx.rest<{ id: number }>('POST', '/wc/v3/products', {
      name: 'Bench mug',
      type: 'simple',
      status: 'publish',
      regular_price: '12.00',
    });
    return {
      method: 'POST',
      path: '/wp-json/cartrecovery/v1/capture',
      headers: { 'content-type': 'application/json' },
      body: {
        email: 'bench.shopper@example.com',
        consent: true,
        cart: [{ product_id: product.id, quantity: 2 }],
        source: 'classic',
      },
    };
  },
});
