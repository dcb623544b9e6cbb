import WooCommerceModule from '@woocommerce/woocommerce-rest-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/platform/auth/api-keys.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The package is CommonJS with `exports.default`: Node's ESM import sees it under `.default`, a bundler may not.
const WooCommerceRestApi =
  (WooCommerceModule as unknown as { default?: typeof WooCommerceModule.default }).default ??
  (WooCommerceModule as unknown as typeof WooCommerceModule.default);

// A merchant's script written for WooCommerce, run unchanged through WooCommerce's official JavaScript client with a
// REST API key: catalogue (tags, a global attribute, variations, WooCommerce's own field habits), a restricted coupon,
// a customer, an order placed paid with a coupon, search, notes, a refund by product, and the routes we leave out.
type Json = Record<string, unknown> & { id: number };
let t: TestApp;
let api: InstanceType<typeof WooCommerceRestApi>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const owner = await t.createUser({ role: 'administrator' });
  const key = await createApiKey(
    { db: t.ctx.db, clock: t.ctx.clock, secret: t.config.secret, secrets: t.ctx.secrets },
    { userId: owner.id, description: 'merchant script', permissions: 'read_write' },
  );
  api = new WooCommerceRestApi({
    url: `http://127.0.0.1:${address.port}`,
    consumerKey: key.consumer_key,
    consumerSecret: key.consumer_secret,
    version: 'wc/v3',
  });
});
afterAll(async () => t.close());

const data = async (call: Promise<{ data: unknown }>) => (await call).data as Json;

describe("a WooCommerce merchant script through WooCommerce's JavaScript client", () => {
  it('should build the catalogue, sell with a coupon, find, annotate and refund the order', async () => {
    // Catalogue: a nameless product is "Product" in Uncategorized; prices come back as sent.
    const nameless = await data(api.post('products', { regular_price: '9' }));
    expect(nameless).toMatchObject({ name: 'Product', regular_price: '9' });
    expect((nameless.categories as Array<{ slug: string }>).map((c) => c.slug)).toEqual(['uncategorized']);

    const mug = await data(
      api.post('products', {
        name: 'Stoneware Mug',
        regular_price: '25',
        tags: [{ name: 'ceramic' }],
        weight: '0.4',
        dimensions: { length: '10', width: '8', height: '9' },
        meta_data: [{ key: 'supplier', value: 'Acme Pottery' }],
      }),
    );
    expect(mug).toMatchObject({
      regular_price: '25',
      price: '25',
      weight: '0.4',
      dimensions: { length: '10', width: '8', height: '9' },
      shipping_required: true,
    });
    expect((mug.tags as Array<{ name: string }>).map((tag) => tag.name)).toEqual(['ceramic']);
    expect(mug.meta_data).toEqual([expect.objectContaining({ key: 'supplier', value: 'Acme Pottery' })]);

    const color = await data(api.post('products/attributes', { name: 'Color' }));
    expect(color).toMatchObject({ slug: 'pa_color', type: 'select' });
    await data(
      api.post(`products/attributes/${color.id}/terms/batch`, {
        create: [{ name: 'Red' }, { name: 'Blue' }],
      }),
    );
    const shirt = await data(
      api.post('products', {
        name: 'Linen Shirt',
        type: 'variable',
        attributes: [{ id: color.id, variation: true, visible: true, options: ['Red', 'Blue'] }],
      }),
    );
    const variations = await data(
      api.post(`products/${shirt.id}/variations/batch`, {
        create: [
          { regular_price: '40', attributes: [{ id: color.id, option: 'Red' }] },
          { regular_price: '42.5', attributes: [{ id: color.id, option: 'Blue' }] },
        ],
      }),
    );
    const [red] = variations.create as Json[];
    expect(red).toMatchObject({
      regular_price: '40',
      attributes: [expect.objectContaining({ option: 'Red' })],
    });
    const byTag = (await api.get('products', { tag: (mug.tags as Json[])[0]!.id })).data as Json[];
    expect(byTag.map((p) => p.id)).toEqual([mug.id]);

    // A coupon limited to the mug with a minimum spend; a customer.
    const coupon = await data(
      api.post('coupons', {
        code: 'mug10',
        discount_type: 'percent',
        amount: '10',
        product_ids: [mug.id],
        minimum_amount: '20',
      }),
    );
    expect(coupon).toMatchObject({ amount: '10.00', minimum_amount: '20.00', product_ids: [mug.id] });
    const customer = await data(
      api.post('customers', {
        email: 'ines.marchetti@example.com',
        first_name: 'Ines',
        last_name: 'Marchetti',
        billing: { first_name: 'Ines', last_name: 'Marchetti', city: 'Lyon', phone: '+33 4 78 00 12 34' },
      }),
    );
    expect(customer).toMatchObject({ role: 'customer', email: 'ines.marchetti@example.com' });

    // An order placed paid: no status (pending), a line without a quantity (1), the coupon applied to the mug only.
    const order = await data(
      api.post('orders', {
        status: null,
        set_paid: true,
        customer_id: customer.id,
        billing: { first_name: 'Ines', last_name: 'Marchetti', email: 'ines.marchetti@example.com' },
        line_items: [{ product_id: mug.id }, { product_id: shirt.id, variation_id: red.id, quantity: 1 }],
        coupon_lines: [{ code: 'mug10' }],
      }),
    );
    expect(order).toMatchObject({ status: 'processing', total: '62.50', discount_total: '2.50' });
    expect(order.date_paid).toEqual(expect.any(String));
    expect((order.line_items as Json[])[0]).toMatchObject({ quantity: 1, total: '22.50' });
    const couponLine = (order.coupon_lines as Array<{ meta_data: Array<{ key: string; value: Json }> }>)[0]!;
    expect(couponLine.meta_data.find((m) => m.key === 'coupon_data')?.value).toMatchObject({ code: 'mug10' });

    // Found by the customer's surname; a note to the customer; a refund of the mug named by its product.
    const found = (await api.get('orders', { search: 'marchetti' })).data as Json[];
    expect(found.map((o) => o.id)).toEqual([order.id]);
    const note = await data(
      api.post(`orders/${order.id}/notes`, { note: 'Packed with care.', customer_note: true }),
    );
    expect(note).toMatchObject({ note: 'Packed with care.', customer_note: true });
    const refund = await data(
      api.post(`orders/${order.id}/refunds`, {
        reason: 'Chipped',
        amount: '22.50',
        line_items: [{ product_id: mug.id, quantity: 1, refund_total: 22.5 }],
      }),
    );
    expect(refund).toMatchObject({ amount: '22.50', reason: 'Chipped' });
    expect((await api.get('refunds')).data).toEqual([expect.objectContaining({ id: refund.id })]);

    // `force` in the query string, as the client sends it; routes WooCommerce has and we leave out are 404s.
    const deleted = await data(api.delete(`products/${nameless.id}`, { force: true }));
    expect(deleted.id).toBe(nameless.id);
    expect((await api.get('taxes')).data).toEqual([]);
    const webhooks = await api
      .get('webhooks')
      .catch((error: { response: { status: number; data: Json } }) => error.response);
    expect(webhooks).toMatchObject({ status: 404, data: { code: 'rest_no_route' } });
  });
});
