import type { DbOrTrx } from '../../platform/db/database.js';
import type { FieldErrors } from '../../platform/http/errors.js';
import {
  deleteMetaRows,
  findMetaRows,
  insertMetaRow,
  type ProductMetaRow,
  updateMetaRow,
} from './product-meta.repository.js';
import { groupByProduct } from './group-by-product.js';

/** A `meta_data` item as clients send it (WooCommerce's `update_meta_data` rules, see `applyMetaData`). */
export interface MetaInput {
  id?: number;
  key: string;
  value?: unknown;
}

/** A `meta_data` entry as the REST edge shows it. */
export interface MetaEntry {
  id: number;
  key: string;
  value: unknown;
}

const MAX_VALUE_LENGTH = 65_535;

/** Adds a `meta_data` error when a value is too large to store. */
export function checkMetaData(items: readonly MetaInput[] | undefined, errors: FieldErrors): void {
  for (const item of items ?? [])
    if (item.value != null && JSON.stringify(item.value).length > MAX_VALUE_LENGTH)
      errors.meta_data = { max: `The value of "${item.key}" is longer than ${MAX_VALUE_LENGTH} characters.` };
}

/**
 * Applies `meta_data` items to a product or variation as WooCommerce does: with an `id` of one of its entries,
 * that entry gets the key and value; without, the key's first entry gets the value and its other entries go (a
 * new entry when the key is new); a missing or null value deletes what the item names. Keys not named stay.
 */
export async function applyMetaData(
  db: DbOrTrx,
  productId: number,
  items: readonly MetaInput[],
): Promise<void> {
  if (items.length === 0) return;
  let rows = await findMetaRows(db, [productId]);
  for (const item of items) {
    const named = item.id
      ? rows.filter((r) => r.id === item.id)
      : rows.filter((r) => r.meta_key === item.key);
    const first = item.value == null ? undefined : named[0];
    const others = named.filter((r) => r !== first);
    await deleteMetaRows(
      db,
      others.map((r) => r.id),
    );
    rows = rows.filter((r) => !others.includes(r));
    if (item.value == null) continue;
    const entry = { meta_key: item.key, meta_value: JSON.stringify(item.value) };
    if (first) {
      await updateMetaRow(db, first.id, entry);
      Object.assign(first, entry);
    } else
      rows.push({
        id: await insertMetaRow(db, { product_id: productId, ...entry }),
        product_id: productId,
        ...entry,
      });
  }
}

/** Meta entries of products or variations by id (one query): id → entries in insertion order. */
export async function loadMeta(
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<Map<number, MetaEntry[]>> {
  return groupByProduct(await findMetaRows(db, productIds), metaEntry);
}

function metaEntry(row: ProductMetaRow): MetaEntry {
  let value: unknown;
  try {
    value = JSON.parse(row.meta_value);
  } catch {
    value = row.meta_value;
  }
  return { id: row.id, key: row.meta_key, value };
}
