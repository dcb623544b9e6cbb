import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The product page's review form, posted as a browser without JavaScript does: a login, the form's nonce, the
// shop's review rules and moderation; every result checked through wc/v3.
let t: TestApp;
let admin: Record<string, string>;
let customer: { cookie: string };
let lamp: { id: number; slug: string };

async function wc(method: 'GET' | 'POST', path: string, payload?: object) {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  lamp = await wc('POST', '/products', { name: 'Desk <i>Lamp</i>', regular_price: '30.00' });
  const user = await t.createUser({ role: 'customer', username: 'rita', email: 'rita@example.com' });
  customer = await t.login(user);
});
afterAll(async () => t.close());

const page = (cookie = '') =>
  t.app.inject({ method: 'GET', url: `/product/${lamp.slug}/`, headers: cookie ? { cookie } : {} });
const post = (fields: Record<string, string>, cookie = customer.cookie, slug = lamp.slug) =>
  t.app.inject({
    method: 'POST',
    url: `/product/${slug}/review/`,
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const nonceOf = (body: string) =>
  body.match(
    /action="\/product\/[^"]+\/review\/"[^>]*>\s*<input type="hidden" name="_wpnonce" value="([0-9a-f]{10})"/,
  )![1]!;
const reviews = () => wc('GET', `/products/reviews?product=${lamp.id}&status=all`);

describe('the review form on the product page', () => {
  it('should offer guests a login link instead of the form, and refuse their post with 401', async () => {
    const guest = await page();
    expect(guest.body).toContain('Only logged-in customers can leave a review.');
    expect(guest.body).not.toContain('Your rating');
    const r = await post({ rating: '5', comment: 'Great' }, '');
    expect(r.statusCode).toBe(401);
    expect(r.body).toContain('Log in to post a review.');
    expect(await reviews()).toEqual([]);
  });

  it('should show a logged-in customer the labelled form, and refuse a post without its nonce with 403', async () => {
    const mine = await page(customer.cookie);
    expect(mine.body).toContain('<label for="review-rating">Your rating</label>');
    expect(mine.body).toContain('<label for="review-comment">Your review</label>');
    expect(mine.body).toContain('<button type="submit">Submit</button>');
    const forged = await post({ rating: '5', comment: 'Great' });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('The page has expired.');
    const tampered = nonceOf((await page(customer.cookie)).body).replace(/^./, (c) =>
      c === 'a' ? 'b' : 'a',
    );
    expect((await post({ _wpnonce: tampered, rating: '5', comment: 'Great' })).statusCode).toBe(403);
    expect(await reviews()).toEqual([]);
  });

  it('should answer bad input with 422, the errors at their fields and the text kept', async () => {
    const _wpnonce = nonceOf((await page(customer.cookie)).body);
    const r = await post({ _wpnonce, rating: '9', comment: 'Bright <b>and</b> steady' });
    expect(r.statusCode).toBe(422);
    expect(r.body).toContain('aria-invalid="true" aria-describedby="review-rating-error"');
    expect(r.body).toContain('id="review-rating-error">Choose a rating from 1 to 5 stars.');
    expect(r.body).toContain('>Bright &lt;b&gt;and&lt;/b&gt; steady</textarea>');
    const empty = await post({ _wpnonce, rating: '4', comment: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('id="review-comment-error">Write your review.');
    expect(empty.body).toContain('<option value="4" selected>');
    expect((await post({ _wpnonce, rating: '4', comment: 'x'.repeat(10_001) })).statusCode).toBe(422);
    expect(
      (await post({ _wpnonce, rating: '4', comment: 'Fine' }, customer.cookie, 'no-such-lamp')).statusCode,
    ).toBe(404);
    expect(await reviews()).toEqual([]);
  });

  it('should publish a review, redirect back with a notice, and refuse a second one with 409', async () => {
    const _wpnonce = nonceOf((await page(customer.cookie)).body);
    const r = await post({ _wpnonce, rating: '4', comment: 'Bright <b>and</b> steady' });
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe(`/product/${lamp.slug}/?review=approved#reviews-heading`);
    const back = await t.app.inject({
      method: 'GET',
      url: r.headers.location!.toString(),
      headers: { cookie: customer.cookie },
    });
    expect(back.body).toContain('Thank you, your review has been published.');
    expect(back.body).toContain('Reviews (1)');
    expect(back.body).toContain('<p>Bright &lt;b&gt;and&lt;/b&gt; steady</p>');
    const [stored] = await reviews();
    expect(stored).toMatchObject({ rating: 4, status: 'approved', reviewer_email: 'rita@example.com' });
    expect((await wc('GET', `/products/${lamp.id}`)).rating_count).toBe(1);
    const again = await post({ _wpnonce, rating: '5', comment: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('You have already reviewed this product.');
    expect(await reviews()).toHaveLength(1);
  });

  it('should hold a review for moderation when the shop moderates reviews, and say so', async () => {
    await t.ctx.options.set('shop_review_moderation', true);
    const other = await t.login(await t.createUser({ role: 'customer' }));
    const _wpnonce = nonceOf((await page(other.cookie)).body);
    const r = await post({ _wpnonce, rating: '2', comment: 'Too dim' }, other.cookie);
    expect(r.headers.location).toBe(`/product/${lamp.slug}/?review=hold#reviews-heading`);
    const back = await t.app.inject({ method: 'GET', url: r.headers.location!.toString() });
    expect(back.body).toContain('Thank you, your review is awaiting approval.');
    expect(back.body).not.toContain('Too dim');
    expect((await reviews()).map((x: { status: string }) => x.status).sort()).toEqual(['approved', 'hold']);
  });
});
