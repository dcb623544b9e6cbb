import type { BenchContext } from '../scenario.js';

/**
 * Seeds three products and a coupon through the REST API, and fills a guest cart (Cart-Token) with two lines
 * and the coupon; returns the token and the id of a product without managed stock (safe to add forever).
 */
export async function guestCartWithItems(ctx: BenchContext): Promise<{ token: string; productId: number }> {
  const ids: number[] = [];
  for (const [name, price] of [
    ['Bench Tee', '19.99'],
    ['Bench Mug', '8.50'],
    ['Bench Cap', '14.00'],
  ] as const) {
    const product = await ctx.rest<{ id: number }>('POST', '/wp-json/wc/v3/products', {
      name,
      regular_price: price,
    });
    ids.push(product.id);
  }
  // Scenarios of one run share the database: create the coupon once.
  const existing = await ctx.rest<unknown[]>('GET', '/wp-json/wc/v3/coupons?code=bench10');
  if (existing.length === 0)
    await ctx.rest('POST', '/wp-json/wc/v3/coupons', {
      code: 'BENCH10',
      discount_type: 'percent',
      amount: '10',
    });
  const first = await fetch(`${ctx.baseUrl}/wp-json/wc/store/v1/cart`);
  const token = first.headers.get('cart-token');
  if (!token) throw new Error('GET /wc/store/v1/cart sent no Cart-Token');
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${ctx.baseUrl}/wp-json/wc/store/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cart-token': token },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  };
  await post('cart/add-item', { id: ids[0], quantity: 2 });
  await post('cart/add-item', { id: ids[1], quantity: 1 });
  await post('cart/apply-coupon', { code: 'bench10' });
  return { token, productId: ids[2]! };
}
