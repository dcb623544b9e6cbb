import type { Generated } from 'kysely';
import type { DbOrTrx } from '../../platform/db/database.js';

/** Row of `shop_shipping_classes` (WooCommerce's `product_shipping_class` terms). */
export interface ShippingClassTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_shipping_classes: ShippingClassTable;
  }
}

/** A stored shipping class. */
export interface StoredClass {
  id: number;
  name: string;
  slug: string;
  description: string;
}

/** Every shipping class, by name. */
export async function findClasses(db: DbOrTrx): Promise<StoredClass[]> {
  return db.selectFrom('shop_shipping_classes').selectAll().orderBy('name').orderBy('id').execute();
}

/** One shipping class by id, or null. */
export async function findClass(db: DbOrTrx, id: number): Promise<StoredClass | null> {
  return (
    (await db.selectFrom('shop_shipping_classes').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  );
}

/** One shipping class by slug, or null. */
export async function findClassBySlug(db: DbOrTrx, slug: string): Promise<StoredClass | null> {
  return (
    (await db.selectFrom('shop_shipping_classes').selectAll().where('slug', '=', slug).executeTakeFirst()) ??
    null
  );
}

/** Inserts a shipping class; answers its id. */
export async function insertClass(db: DbOrTrx, input: Omit<StoredClass, 'id'>): Promise<number> {
  const row = await db
    .insertInto('shop_shipping_classes')
    .values(input)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a shipping class's fields. */
export async function updateClass(db: DbOrTrx, input: StoredClass): Promise<void> {
  const { id, ...fields } = input;
  await db.updateTable('shop_shipping_classes').set(fields).where('id', '=', id).execute();
}

/** Deletes a shipping class; products and variations that had it have none from then on (a term delete). */
export async function deleteClass(db: DbOrTrx, shippingClass: StoredClass): Promise<void> {
  await db
    .updateTable('shop_products')
    .set({ shipping_class: '' })
    .where('shipping_class', '=', shippingClass.slug)
    .execute();
  await db.deleteFrom('shop_shipping_classes').where('id', '=', shippingClass.id).execute();
}

/** How many products and variations use each class slug. */
export async function classCounts(db: DbOrTrx): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('shop_products')
    .select(['shipping_class'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shipping_class', '!=', '')
    .groupBy('shipping_class')
    .execute();
  return new Map(rows.map((r) => [r.shipping_class, Number(r.n)]));
}

/** Moves every product and variation from one class slug to another. */
export async function renameProductClass(db: DbOrTrx, from: string, to: string): Promise<void> {
  await db
    .updateTable('shop_products')
    .set({ shipping_class: to })
    .where('shipping_class', '=', from)
    .execute();
}
