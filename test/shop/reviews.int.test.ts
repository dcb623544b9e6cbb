import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeProduct } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let product: Record<string, any>;
const approved: Array<{ id: number; product_id: number; rating: number; user_id: number | null }> = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  product = await makeProduct(t, admin, { name: 'Reviewed Kettle', regular_price: '40' });
  t.ctx.events.on('review.approved', ({ review }) => {
    approved.push({
      id: review.id,
      product_id: review.product_id,
      rating: review.rating,
      user_id: review.user_id,
    });
  });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const rating = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/products/${product.id}`, headers: admin })
  ).json();

describe('wc/v3/products/reviews', () => {
  it('should create an approved review, emit review.approved and update the product rating', async () => {
    const before = approved.length;
    const r = await post('/wp-json/wc/v3/products/reviews', {
      product_id: product.id,
      review: 'Boils fast.',
      reviewer: 'Ann',
      reviewer_email: 'ann@example.com',
      rating: 4,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      product_id: product.id,
      product_name: 'Reviewed Kettle',
      product_permalink: 'http://shop.test/product/reviewed-kettle/',
      status: 'approved',
      reviewer: 'Ann',
      reviewer_email: 'ann@example.com',
      rating: 4,
      verified: false,
    });
    expect(approved.slice(before)).toEqual([
      { id: r.json().id, product_id: product.id, rating: 4, user_id: null },
    ]);
    expect(await rating()).toMatchObject({ average_rating: '4.00', rating_count: 1 });
  });

  it('should hold a review, then emit review.approved once when a manager approves it', async () => {
    const held = await post('/wp-json/wc/v3/products/reviews', {
      product_id: product.id,
      review: 'Too loud.',
      reviewer: 'Bob',
      reviewer_email: 'bob@example.com',
      rating: 1,
      status: 'hold',
    });
    expect(held.json().status).toBe('hold');
    const before = approved.length;
    expect(await rating()).toMatchObject({ average_rating: '4.00', rating_count: 1 });
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/reviews/${held.json().id}`,
      headers: admin,
      payload: { status: 'approved' },
    });
    expect(ok.json().status).toBe('approved');
    await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/reviews/${held.json().id}`,
      headers: admin,
      payload: { review: 'Too loud, but fine.' },
    });
    expect(approved.length - before).toBe(1);
    expect(await rating()).toMatchObject({ average_rating: '2.50', rating_count: 2 });

    const trashed = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/reviews/${held.json().id}`,
      headers: admin,
    });
    expect(trashed.json().status).toBe('trash');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/reviews/${held.json().id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(410);
    expect(await rating()).toMatchObject({ average_rating: '4.00', rating_count: 1 });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/reviews/${held.json().id}?force=true`,
      headers: admin,
    });
    expect(gone.json()).toMatchObject({ deleted: true, previous: { id: held.json().id } });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/wp-json/wc/v3/products/reviews/${held.json().id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('should list by status with pagination headers', async () => {
    await post('/wp-json/wc/v3/products/reviews', {
      product_id: product.id,
      review: 'Spammy',
      reviewer: 'Spam',
      reviewer_email: 'spam@example.com',
      rating: 5,
      status: 'spam',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/products/reviews',
      headers: admin,
    });
    expect(list.json().every((r: any) => r.status === 'approved')).toBe(true);
    const spam = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/products/reviews?status=spam',
      headers: admin,
    });
    expect(spam.json().map((r: any) => r.reviewer)).toEqual(['Spam']);
    const all = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/products/reviews?status=all&product[]=${product.id}&per_page=1`,
      headers: admin,
    });
    expect(Number(all.headers['x-wp-total'])).toBeGreaterThanOrEqual(2);
    expect(all.json()).toHaveLength(1);
  });

  it('should refuse a rating outside 1–5, an unknown product and a bad status with 400, changing nothing', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products/reviews?status=all', headers: admin })
    ).headers['x-wp-total'];
    for (const payload of [
      { product_id: product.id, review: 'x', reviewer: 'X', reviewer_email: 'x@example.com', rating: 6 },
      { product_id: product.id, review: 'x', reviewer: 'X', reviewer_email: 'x@example.com', rating: 0 },
      { product_id: 999999, review: 'x', reviewer: 'X', reviewer_email: 'x@example.com', rating: 3 },
      { product_id: product.id, review: 'x', reviewer: 'X', reviewer_email: 'not-an-email', rating: 3 },
      {
        product_id: product.id,
        review: 'x',
        reviewer: 'X',
        reviewer_email: 'x@example.com',
        rating: 3,
        status: 'nope',
      },
    ]) {
      const r = await post('/wp-json/wc/v3/products/reviews', payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
    const after = (
      await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products/reviews?status=all', headers: admin })
    ).headers['x-wp-total'];
    expect(after).toBe(before);
  });

  it('should delete the reviews of a deleted product', async () => {
    const doomed = await makeProduct(t, admin, { name: 'Short-lived', regular_price: '1' });
    const review = await post('/wp-json/wc/v3/products/reviews', {
      product_id: doomed.id,
      review: 'Gone soon',
      reviewer: 'Gus',
      reviewer_email: 'gus@example.com',
      rating: 3,
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/${doomed.id}?force=true`,
      headers: admin,
    });
    const after = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/products/reviews/${review.json().id}`,
      headers: admin,
    });
    expect(after.statusCode).toBe(404);
    const left = await t.ctx.db
      .selectFrom('shop_reviews')
      .select('id')
      .where('product_id', '=', doomed.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products/reviews' })).statusCode).toBe(
      401,
    );
    const c = await t.createUser();
    const s = await t.login(c);
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products/reviews', headers: s.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('Store API reviews', () => {
  it('should let a logged-in customer review once, verified when they bought the product', async () => {
    const buyer = await t.createUser({ email: 'buyer@example.com' });
    const order = await post('/wp-json/wc/v3/orders', {
      customer_id: buyer.id,
      billing: { email: 'buyer@example.com', first_name: 'Bea' },
      line_items: [{ product_id: product.id, quantity: 1 }],
      set_paid: true,
    });
    expect(order.statusCode, order.body).toBe(201);
    const s = await t.login(buyer);
    const before = approved.length;
    const r = await post(
      '/wp-json/wc/store/v1/products/reviews',
      { product_id: product.id, review: 'Lovely', rating: 5 },
      s.headers,
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      verified: true,
      status: 'approved',
      rating: 5,
      reviewer: buyer.display_name,
    });
    expect(r.json().reviewer_email).toBeUndefined();
    expect(approved.slice(before)).toEqual([
      { id: r.json().id, product_id: product.id, rating: 5, user_id: buyer.id },
    ]);
    const twice = await post(
      '/wp-json/wc/store/v1/products/reviews',
      { product_id: product.id, review: 'Again', rating: 5 },
      s.headers,
    );
    expect(twice.statusCode).toBe(409);

    const other = await t.createUser();
    const o = await t.login(other);
    const unverified = await post(
      '/wp-json/wc/store/v1/products/reviews',
      { product_id: product.id, review: 'Meh', rating: 3 },
      o.headers,
    );
    expect(unverified.json().verified).toBe(false);

    const list = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/store/v1/products/reviews?product_id[]=${product.id}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: any) => x.review)).toContain('Lovely');
    expect(list.json()[0].reviewer_email).toBeUndefined();
  });

  it('should hold customer reviews when moderation is on, without emitting review.approved', async () => {
    await t.ctx.options.set('shop_review_moderation', true);
    const c = await t.createUser();
    const s = await t.login(c);
    const before = approved.length;
    const r = await post(
      '/wp-json/wc/store/v1/products/reviews',
      { product_id: product.id, review: 'Waiting', rating: 2 },
      s.headers,
    );
    expect(r.json().status).toBe('hold');
    expect(approved.length).toBe(before);
    await t.ctx.options.set('shop_review_moderation', false);
  });

  it('should refuse guests with 401, a cookie without nonce with 401 and bad input with 400', async () => {
    expect(
      (
        await post(
          '/wp-json/wc/store/v1/products/reviews',
          { product_id: product.id, review: 'x', rating: 3 },
          {},
        )
      ).statusCode,
    ).toBe(401);
    const c = await t.createUser();
    const s = await t.login(c);
    expect(
      (
        await post(
          '/wp-json/wc/store/v1/products/reviews',
          { product_id: product.id, review: 'x', rating: 3 },
          { cookie: s.cookie },
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await post(
          '/wp-json/wc/store/v1/products/reviews',
          { product_id: product.id, review: 'x', rating: 9 },
          s.headers,
        )
      ).statusCode,
    ).toBe(400);
    const draft = await makeProduct(t, admin, { name: 'Secret', regular_price: '1', status: 'draft' });
    expect(
      (
        await post(
          '/wp-json/wc/store/v1/products/reviews',
          { product_id: draft.id, review: 'x', rating: 3 },
          s.headers,
        )
      ).statusCode,
    ).toBe(400);
  });
});
