import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as productFields } from '../../src/shop/migrations/2026-11-25T19-25-product-fields.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeCategory, makeProduct } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await adminHeaders(t);
});
afterAll(async () => t.close());

const NEW_COLUMNS = [
  'regular_price_text',
  'sale_price_text',
  'post_password',
  'virtual',
  'downloadable',
  'tax_status',
  'tax_class',
  'weight',
  'length',
  'width',
  'height',
  'shipping_class',
  'reviews_allowed',
  'purchase_note',
];

describe('migration 2026-11-25T19-25-product-fields', () => {
  it('should give an existing shop the default category for its products without one, and WooCommerce defaults', async () => {
    const hats = await makeCategory(t, admin, { name: 'Hats' });
    const cap = await makeProduct(t, admin, {
      name: 'Cap',
      regular_price: '15',
      categories: [{ id: hats.id }],
    });
    const loose = await makeProduct(t, admin, { name: 'Loose', regular_price: '25' });
    // Back to the schema before the migration: no default category, no new columns, no meta table.
    await t.ctx.db.deleteFrom('shop_product_categories').where('product_id', '=', loose.id).execute();
    await t.ctx.db.deleteFrom('shop_categories').where('slug', '=', 'uncategorized').execute();
    await t.ctx.db.schema.alterTable('shop_categories').dropColumn('is_default').execute();
    for (const column of NEW_COLUMNS)
      await t.ctx.db.schema.alterTable('shop_products').dropColumn(column).execute();
    await sql`drop table shop_product_meta`.execute(t.ctx.db);

    await productFields(t.ctx.db);

    const categories = (
      await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products/categories', headers: admin })
    ).json();
    const uncategorized = categories.find((c: { slug: string }) => c.slug === 'uncategorized');
    expect(uncategorized).toMatchObject({ name: 'Uncategorized', count: 1 });
    const read = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/products/${id}`, headers: admin })).json();
    // Prices stored before the migration have no sent form: they show as WooCommerce formats them.
    expect(await read(loose.id)).toMatchObject({
      regular_price: '25.00',
      categories: [{ id: uncategorized.id, name: 'Uncategorized', slug: 'uncategorized' }],
      virtual: false,
      tax_status: 'taxable',
      reviews_allowed: true,
      meta_data: [],
    });
    expect((await read(cap.id)).categories).toEqual([{ id: hats.id, name: 'Hats', slug: 'hats' }]);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/categories/${uncategorized.id}?force=true`,
      headers: admin,
    });
    expect(refused.json().code).toBe('woocommerce_rest_cannot_delete');
  });
});
