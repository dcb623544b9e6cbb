import { type RawBuilder, sql } from 'kysely';
import { containsInsensitive } from '../../platform/db/sql-helpers.js';
import type { TermFilter } from './term-filter.js';

/** Where a term table's products are linked: the link table and its term column. */
export interface TermLinks {
  table: 'shop_product_tags' | 'shop_product_attribute_terms';
  column: 'tag_id' | 'term_id';
}

/** The WHERE condition of a term list (tags, attribute terms): search, hide_empty, slug, include/exclude, product. */
export function termConditions(filter: TermFilter, links: TermLinks): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (filter.search) parts.push(containsInsensitive(sql.ref('name'), filter.search));
  if (filter.hideEmpty) parts.push(sql`product_count > 0`);
  if (filter.slug !== undefined) parts.push(sql`slug = ${filter.slug}`);
  if (filter.include)
    parts.push(filter.include.length ? sql`id in (${sql.join(filter.include)})` : sql`1 = 0`);
  if (filter.exclude?.length) parts.push(sql`id not in (${sql.join(filter.exclude)})`);
  if (filter.productId !== undefined)
    parts.push(
      sql`id in (select ${sql.ref(links.column)} from ${sql.table(links.table)} where product_id = ${filter.productId})`,
    );
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/** The ORDER BY of a term list (`include` keeps the order of the ids given), ties broken by id. */
export function termOrder(filter: TermFilter, hasMenuOrder: boolean): RawBuilder<unknown> {
  const direction = sql.raw(filter.order === 'desc' ? 'desc' : 'asc');
  if (filter.orderBy === 'include' && filter.include?.length)
    return sql`case ${sql.join(
      filter.include.map((id, i) => sql`when id = ${id} then ${i}`),
      sql` `,
    )} else ${filter.include.length} end ${direction}, id ${direction}`;
  return sql`${sql.ref(termSortColumn(filter.orderBy, hasMenuOrder))} ${direction}, id ${direction}`;
}

/** Column a term list sorts on (`include` sorts by position in the list; `menu_order` falls back to name for tags). */
function termSortColumn(
  orderBy: TermFilter['orderBy'],
  hasMenuOrder: boolean,
): 'id' | 'name' | 'slug' | 'description' | 'product_count' | 'menu_order' {
  switch (orderBy) {
    case 'id':
    case 'include':
      return 'id';
    case 'count':
      return 'product_count';
    case 'menu_order':
      return hasMenuOrder ? 'menu_order' : 'name';
    default:
      return orderBy;
  }
}
