import type { DbOrTrx } from '../../platform/db/database.js';
import { type FieldErrors, ValidationError } from '../../platform/http/errors.js';
import type { ProductQuery } from '../shop-api.js';
import { listAttributesWithTerms } from './attributes.repository.js';
import { idList } from './id-list.js';

type TaxonomyFilter = Pick<ProductQuery, 'tagIds' | 'attributeTermIds' | 'excludedTermIds'>;

/** `wc/v3/products?tag=1,2&attribute=pa_color&attribute_term=5,6` → product filters (an unknown attribute matches nothing). */
export async function wcTaxonomyFilter(
  db: DbOrTrx,
  q: { tag?: string; attribute?: string; attribute_term?: string },
): Promise<TaxonomyFilter> {
  const filter: TaxonomyFilter = { tagIds: idList(q.tag) };
  if (q.attribute === undefined) return filter;
  const attribute = await attributeByTaxonomy(db, q.attribute);
  const own = new Set(attribute?.terms.map((t) => t.id) ?? []);
  const wanted = idList(q.attribute_term);
  filter.attributeTermIds = [wanted ? wanted.filter((id) => own.has(id)) : [...own]];
  return filter;
}

/**
 * The Store API's attribute filters (`attributes[i][attribute]` with `[term_id]` or `[slug]` and `[operator]`
 * in | not_in | and; `attribute_relation` and | in) and `tag` → product filters; a clause naming an unknown
 * attribute is 400 naming it.
 */
export async function storeTaxonomyFilter(
  db: DbOrTrx,
  query: Record<string, unknown>,
): Promise<TaxonomyFilter> {
  const filter: TaxonomyFilter = { tagIds: idList(query.tag as string | undefined) };
  const clauses = new Map<
    string,
    { attribute?: string; term_id?: string[]; slug?: string[]; operator?: string }
  >();
  for (const [key, value] of Object.entries(query)) {
    const match = /^attributes\[(\d{1,2})\]\[(attribute|term_id|slug|operator)\]$/.exec(key);
    if (!match) continue;
    const clause = clauses.get(match[1]!) ?? {};
    Object.assign(clause, { [match[2]!]: value });
    clauses.set(match[1]!, clause);
  }
  if (clauses.size === 0) return filter;
  const attributes = await listAttributesWithTerms(db);
  const errors: FieldErrors = {};
  const groups: number[][] = [];
  const excluded: number[] = [];
  for (const [index, clause] of clauses) {
    const attribute = attributes.find((a) => a.taxonomy === clause.attribute);
    if (!attribute) {
      errors[`attributes[${index}][attribute]`] = {
        exists: `"${clause.attribute ?? ''}" is not a product attribute.`,
      };
      continue;
    }
    const byId = new Set(idList(clause.term_id) ?? []);
    const bySlug = new Set(clause.slug ?? []);
    const terms = attribute.terms.filter((t) => byId.has(t.id) || bySlug.has(t.slug)).map((t) => t.id);
    if (byId.size === 0 && bySlug.size === 0) continue;
    if (clause.operator === 'not_in') excluded.push(...terms);
    else if (clause.operator === 'and') groups.push(...(terms.length ? terms.map((id) => [id]) : [[]]));
    else groups.push(terms);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  // `attribute_relation=in` (any clause) joins the clauses' terms into one group; `and` (default) keeps them apart.
  filter.attributeTermIds =
    query.attribute_relation === 'in' && groups.length > 1
      ? [groups.flat()]
      : groups.length
        ? groups
        : undefined;
  if (excluded.length > 0) filter.excludedTermIds = excluded;
  return filter;
}

async function attributeByTaxonomy(db: DbOrTrx, taxonomy: string) {
  const slug = taxonomy.replace(/^pa_/, '');
  return (await listAttributesWithTerms(db)).find((a) => a.slug === slug);
}
