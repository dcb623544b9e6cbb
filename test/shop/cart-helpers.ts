import { toDbTime } from '../../src/platform/db/sql-helpers.js';
import {
  insertProductRow,
  type NewProductRow,
  syncVariableProduct,
} from '../../src/shop/catalog/products.repository.js';
import type { TestApp } from '../helpers/test-app.js';

let seq = 0;

/** Inserts a published simple product (price in minor units; `stock` null = not managed). */
export async function seedProduct(
  t: TestApp,
  input: { name?: string; price: number; stock?: number | null; status?: string; type?: string },
): Promise<number> {
  return insertProductRow(t.ctx.db, row({ ...input, type: input.type ?? 'simple' }));
}

/** Inserts a variable product with `Color` variations; returns its id and the variation ids (same order). */
export async function seedVariable(
  t: TestApp,
  input: { name?: string; variations: Array<{ color: string; price: number; stock?: number | null }> },
): Promise<{ id: number; variationIds: number[] }> {
  const id = await insertProductRow(t.ctx.db, {
    ...row({ name: input.name, price: 0, type: 'variable' }),
    attributes: JSON.stringify([
      { name: 'Color', options: input.variations.map((v) => v.color), variation: true },
    ]),
  });
  const variationIds: number[] = [];
  for (const v of input.variations) {
    variationIds.push(
      await insertProductRow(t.ctx.db, {
        ...row({
          name: `${input.name ?? 'Variable'} ${v.color}`,
          price: v.price,
          stock: v.stock,
          type: 'variation',
        }),
        parent_id: id,
        attributes: JSON.stringify([{ name: 'Color', option: v.color }]),
      }),
    );
  }
  await syncVariableProduct(t.ctx.db, id, toDbTime(t.ctx.clock.now()));
  return { id, variationIds };
}

/** Current stock of a product or variation row. */
export async function stockOf(t: TestApp, id: number): Promise<number | null> {
  const found = await t.ctx.db
    .selectFrom('shop_products')
    .select('stock_quantity')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return found.stock_quantity;
}

/** A fresh guest Cart-Token (from `GET /wc/store/v1/cart`). */
export async function guestToken(t: TestApp): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart' });
  return r.headers['cart-token'] as string;
}

/** POST a Store API cart route with a Cart-Token. */
export function storePost(t: TestApp, path: string, token: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `/wp-json/wc/store/v1/${path}`,
    headers: { 'cart-token': token },
    payload,
  });
}

function row(input: {
  name?: string;
  price: number;
  stock?: number | null;
  status?: string;
  type: string;
}): NewProductRow {
  const n = ++seq;
  const now = '2026-01-01 00:00:00';
  const managed = input.stock !== undefined && input.stock !== null;
  return {
    parent_id: 0,
    type: input.type,
    status: input.status ?? 'publish',
    name: input.name ?? `Product ${n}`,
    slug: `product-${n}-${Math.random().toString(36).slice(2, 8)}`,
    sku: `SKU-${n}-${Math.random().toString(36).slice(2, 8)}`,
    description: '',
    short_description: '',
    regular_price: input.price,
    sale_price: null,
    price: input.price,
    max_price: input.price,
    on_sale: 0,
    stock_status: managed && input.stock === 0 ? 'outofstock' : 'instock',
    manage_stock: managed ? 1 : 0,
    stock_quantity: managed ? (input.stock as number) : null,
    backorders: 'no',
    images: '[]',
    attributes: '[]',
    grouped_products: '[]',
    external_url: '',
    button_text: '',
    menu_order: 0,
    average_rating: 0,
    rating_count: 0,
    total_sales: 0,
    date_created: now,
    date_modified: now,
  };
}
