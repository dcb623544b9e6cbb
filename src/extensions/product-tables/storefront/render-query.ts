import type { ProductType } from '../../../shop/shop-api.js';
import type { RenderQuery } from './table-query.js';

const TYPES = new Set(['simple', 'variable', 'grouped', 'external']);

/** A visitor's table query from loose page parameters (anything invalid is ignored, pages never fail on it). */
export function renderQueryFrom(raw: Record<string, unknown>): RenderQuery {
  const query: RenderQuery = {};
  const s = first(raw.s);
  if (s) query.s = s.slice(0, 200);
  const paged = Number(first(raw.paged));
  if (Number.isInteger(paged) && paged >= 1 && paged <= 100_000) query.paged = paged;
  const cats = categorySlugs(raw.product_cat).sort();
  if (cats.length > 0) query.product_cat = cats;
  const tags = categorySlugs(raw.product_tag).sort();
  if (tags.length > 0) query.product_tag = tags;
  const type = first(raw.product_type);
  if (type && TYPES.has(type)) query.product_type = type as ProductType;
  return query;
}

/** Category or tag slugs from `a,b`, repeated parameters or an array (at most 50, trimmed, no empties). */
export function categorySlugs(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return [
    ...new Set(
      list
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '' && v.length <= 200),
    ),
  ].slice(0, 50);
}

function first(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}
