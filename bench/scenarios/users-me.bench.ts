import { defineScenario } from '../scenario.js';

/** `GET /wp-json/wp/v2/users/me` as a logged-in administrator with cookie + nonce: the cost of auth. */
export default defineScenario({
  description: 'GET /wp-json/wp/v2/users/me with cookie + X-WP-Nonce',
  targetRatio: 0.6,
  async setup(ctx) {
    const session = await ctx.login();
    return { path: '/wp-json/wp/v2/users/me', headers: session.headers };
  },
});
