import type { Generated, Selectable } from 'kysely';
import { bumpTopics } from '../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import { SHOP_TOPICS } from '../shop-api.js';
import type { TaxRate } from './tax-rates.js';

/** Row of `shop_tax_rates` (rate in ten-thousandths of a percent; postcodes and cities as JSON lists). */
export interface TaxRateTable {
  id: Generated<number>;
  country: string;
  state: string;
  postcodes: string;
  cities: string;
  rate_e4: number;
  name: string;
  priority: number;
  compound: number;
  shipping: number;
  rate_order: number;
  tax_class: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_tax_rates: TaxRateTable;
  }
}

/** A stored tax rate row. */
export type TaxRateRow = Selectable<TaxRateTable>;

/** A tax rate's stored fields (without its id). */
export type TaxRateFields = Omit<TaxRate, 'id'>;

/** Sort keys of the tax rate list (WooCommerce's `orderby`). */
export type TaxRateOrder = 'id' | 'order' | 'priority';

/** Every tax rate (the calculation filters them in memory: shops hold few). */
export async function findAllTaxRates(db: DbOrTrx): Promise<TaxRate[]> {
  const rows = await db.selectFrom('shop_tax_rates').selectAll().orderBy('id').execute();
  return rows.map(toTaxRate);
}

/** One page of tax rates, optionally of one class, and how many match. */
export async function searchTaxRates(
  db: DbOrTrx,
  input: {
    taxClass?: string;
    orderBy: TaxRateOrder;
    direction: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ items: TaxRate[]; total: number }> {
  let query = db.selectFrom('shop_tax_rates');
  if (input.taxClass !== undefined) query = query.where('tax_class', '=', input.taxClass);
  const column = input.orderBy === 'order' ? 'rate_order' : input.orderBy;
  const rows = await query
    .selectAll()
    .orderBy(column, input.direction)
    .orderBy('id', input.direction)
    .offset(input.offset)
    .limit(input.limit)
    .execute();
  const count = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { items: rows.map(toTaxRate), total: Number(count.n) };
}

/** One tax rate, or null. */
export async function findTaxRate(db: DbOrTrx, id: number): Promise<TaxRate | null> {
  const row = await db.selectFrom('shop_tax_rates').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toTaxRate(row) : null;
}

/** Inserts a tax rate; returns its id. Every rate write bumps `SHOP_TOPICS.tax` with the same handle. */
export async function insertTaxRate(db: DbOrTrx, fields: TaxRateFields): Promise<number> {
  await bumpTopics(db, SHOP_TOPICS.tax);
  const row = await db
    .insertInto('shop_tax_rates')
    .values(toColumns(fields))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a tax rate's fields. */
export async function updateTaxRate(db: DbOrTrx, id: number, fields: TaxRateFields): Promise<void> {
  await bumpTopics(db, SHOP_TOPICS.tax);
  await db.updateTable('shop_tax_rates').set(toColumns(fields)).where('id', '=', id).execute();
}

/** Deletes a tax rate. */
export async function deleteTaxRate(db: DbOrTrx, id: number): Promise<void> {
  await bumpTopics(db, SHOP_TOPICS.tax);
  await db.deleteFrom('shop_tax_rates').where('id', '=', id).execute();
}

/** Deletes every rate of a tax class (when the class is removed, as WooCommerce does). */
export async function deleteTaxRatesOfClass(db: DbOrTrx, taxClass: string): Promise<void> {
  await bumpTopics(db, SHOP_TOPICS.tax);
  await db.deleteFrom('shop_tax_rates').where('tax_class', '=', taxClass).execute();
}

function toTaxRate(row: TaxRateRow): TaxRate {
  return {
    id: row.id,
    country: row.country,
    state: row.state,
    postcodes: JSON.parse(row.postcodes) as string[],
    cities: JSON.parse(row.cities) as string[],
    rateE4: row.rate_e4,
    name: row.name,
    priority: row.priority,
    compound: row.compound === 1,
    shipping: row.shipping === 1,
    order: row.rate_order,
    taxClass: row.tax_class,
  };
}

function toColumns(fields: TaxRateFields): Omit<TaxRateRow, 'id'> {
  return {
    country: fields.country,
    state: fields.state,
    postcodes: JSON.stringify(fields.postcodes),
    cities: JSON.stringify(fields.cities),
    rate_e4: fields.rateE4,
    name: fields.name,
    priority: fields.priority,
    compound: fields.compound ? 1 : 0,
    shipping: fields.shipping ? 1 : 0,
    rate_order: fields.order,
    tax_class: fields.taxClass,
  };
}
