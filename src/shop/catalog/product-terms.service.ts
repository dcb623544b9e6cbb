import type { DbOrTrx } from '../../platform/db/database.js';
import type { FieldErrors } from '../../platform/http/errors.js';
import type { ShopAttribute } from '../shop-api.js';
import {
  findOrInsertTerm,
  findProductTermLinks,
  findTerms,
  listAttributesWithTerms,
  recountTerms,
  setProductTerms,
  sortTerms,
} from './attributes.repository.js';
import { findProductRows, findVariationRows, updateProductRow } from './products.repository.js';
import { slugify } from './slugs.js';
import {
  findOrInsertTag,
  findProductTagLinks,
  findTags,
  recountTags,
  setProductTags,
} from './tags.repository.js';

/** A tag on a product write: an existing tag's id, or a name (the tag is created when none has its slug). */
export interface ProductTagInput {
  id?: number;
  name?: string;
}

/** An attribute on a product write: `id` > 0 names a global attribute (options = its terms' names), else custom. */
export interface ProductAttributeInput {
  id?: number;
  name?: string;
  position?: number;
  visible?: boolean;
  variation?: boolean;
  options: string[];
}

/** An attribute as a product row stores it (JSON); global ones mirror their attribute and linked terms. */
export interface StoredAttribute {
  id: number;
  taxonomy?: string;
  name: string;
  options: string[];
  variation: boolean;
  visible: boolean;
}

/** A product write's tags and attributes, resolved: what to store and which counts to refresh. */
export interface ProductTaxonomies {
  tagIds?: number[];
  attributes?: StoredAttribute[];
  termLinks?: Array<{ attribute_id: number; term_id: number }>;
  touchedTagIds: number[];
  touchedTermIds: number[];
}

/**
 * Resolves the tags and attributes of a product write (creating tags and terms named for the first time, inside
 * the caller's transaction so a refused write creates nothing); bad references go into `errors`.
 */
export async function prepareProductTaxonomies(
  trx: DbOrTrx,
  input: { tags?: ProductTagInput[]; attributes?: ProductAttributeInput[] },
  productId: number | null,
  errors: FieldErrors,
): Promise<ProductTaxonomies> {
  const current = productId === null ? emptyTaxonomyIds() : await productTaxonomyIds(trx, productId);
  const result: ProductTaxonomies = { ...current };
  if (input.tags !== undefined) {
    result.tagIds = await resolveTags(trx, input.tags, errors);
    result.touchedTagIds = [...current.touchedTagIds, ...result.tagIds];
  }
  if (input.attributes !== undefined) {
    const resolved = await resolveAttributes(trx, input.attributes, errors);
    result.attributes = resolved.stored;
    result.termLinks = resolved.links;
    result.touchedTermIds = [...current.touchedTermIds, ...resolved.links.map((l) => l.term_id)];
  }
  return result;
}

/** Stores a product's resolved tags and attribute terms, then refreshes the counts of every term touched. */
export async function storeProductTaxonomies(
  trx: DbOrTrx,
  productId: number,
  taxonomies: ProductTaxonomies,
): Promise<void> {
  if (taxonomies.tagIds) await setProductTags(trx, productId, taxonomies.tagIds);
  if (taxonomies.termLinks) await setProductTerms(trx, productId, taxonomies.termLinks);
  await recountProductTaxonomies(trx, taxonomies);
}

/** The tags and attribute terms a product holds now (what a delete or status change must recount). */
export async function productTaxonomyIds(
  db: DbOrTrx,
  productId: number,
): Promise<Pick<ProductTaxonomies, 'touchedTagIds' | 'touchedTermIds'>> {
  const [tags, terms] = await Promise.all([
    findProductTagLinks(db, [productId]),
    findProductTermLinks(db, [productId]),
  ]);
  return {
    touchedTagIds: (tags.get(productId) ?? []).map((t) => t.id),
    touchedTermIds: (terms.get(productId) ?? []).map((t) => t.id),
  };
}

/** Refreshes the stored published-product counts of the given tags and terms. */
export async function recountProductTaxonomies(
  trx: DbOrTrx,
  touched: Pick<ProductTaxonomies, 'touchedTagIds' | 'touchedTermIds'>,
): Promise<void> {
  await recountTags(trx, touched.touchedTagIds);
  await recountTerms(trx, touched.touchedTermIds);
}

/**
 * Rewrites the stored global attributes of these products from their attributes and linked terms (after an
 * attribute or term was renamed, reordered or deleted), and renames the matching choices of their variations
 * (`optionRenames`: old option name, lower case → new name).
 */
export async function refreshProductAttributes(
  trx: DbOrTrx,
  productIds: readonly number[],
  optionRenames: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  if (productIds.length === 0) return;
  const attributes = new Map((await listAttributesWithTerms(trx)).map((a) => [a.id, a]));
  for (let i = 0; i < productIds.length; i += 500) {
    const ids = productIds.slice(i, i + 500);
    const [rows, links, variations] = await Promise.all([
      findProductRows(trx, ids),
      findProductTermLinks(trx, ids),
      findVariationRows(trx, ids),
    ]);
    for (const row of rows) {
      const before = JSON.parse(row.attributes) as StoredAttribute[];
      const after = before.flatMap((entry) => {
        if (!entry.id) return [entry];
        const attribute = attributes.get(entry.id);
        if (!attribute) return [];
        const terms = (links.get(row.id) ?? []).filter((t) => t.attribute_id === attribute.id);
        return [
          {
            ...entry,
            ...globalFields(
              attribute,
              terms.map((t) => t.id),
            ),
          },
        ];
      });
      const text = JSON.stringify(after);
      if (text !== row.attributes) await updateProductRow(trx, row.id, { attributes: text });
      const names = new Map(
        before.filter((e) => e.id).map((e) => [e.name.toLowerCase(), attributes.get(e.id)?.name ?? e.name]),
      );
      for (const variation of variations.filter((v) => v.parent_id === row.id)) {
        const chosen = JSON.parse(variation.attributes) as Array<{ name: string; option: string }>;
        const renamed = chosen.map((c) => ({
          name: names.get(c.name.toLowerCase()) ?? c.name,
          option: names.has(c.name.toLowerCase())
            ? (optionRenames.get(c.option.toLowerCase()) ?? c.option)
            : c.option,
        }));
        const renamedText = JSON.stringify(renamed);
        if (renamedText !== variation.attributes)
          await updateProductRow(trx, variation.id, { attributes: renamedText });
      }
    }
  }
}

/** The global attribute terms of each product (their ids and slugs, which the Store API shows). */
export function productAttributeTerms(db: DbOrTrx, productIds: readonly number[]) {
  return findProductTermLinks(db, productIds);
}

/**
 * Variation choices with names: a choice naming a global attribute by `id` (as WooCommerce clients send
 * `{id, option}`) takes the name the product shows for it; `productAttributes` is the product row's JSON.
 */
export function namedChoices(
  productAttributes: string,
  chosen: ReadonlyArray<{ id?: number; name?: string; option: string }>,
): Array<{ name: string; option: string }> {
  const stored = JSON.parse(productAttributes) as StoredAttribute[];
  return chosen.map((c) => ({
    name: (c.id ? stored.find((a) => a.id === c.id)?.name : undefined) ?? c.name ?? `#${c.id ?? 0}`,
    option: c.option,
  }));
}

function emptyTaxonomyIds(): Pick<ProductTaxonomies, 'touchedTagIds' | 'touchedTermIds'> {
  return { touchedTagIds: [], touchedTermIds: [] };
}

async function resolveTags(trx: DbOrTrx, tags: ProductTagInput[], errors: FieldErrors): Promise<number[]> {
  const ids = tags.flatMap((t) => (t.id ? [t.id] : []));
  const known = new Set((await findTags(trx, ids)).map((t) => t.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) errors.tags = { exists: `Unknown tag id(s): ${unknown.join(', ')}.` };
  const result = ids.filter((id) => known.has(id));
  for (const tag of tags) {
    if (tag.id) continue;
    const name = tag.name?.trim() ?? '';
    if (!name) {
      errors.tags = { required: 'Every tag needs an id or a name.' };
      continue;
    }
    result.push(await findOrInsertTag(trx, { name, slug: slugify(name) }));
  }
  return [...new Set(result)];
}

async function resolveAttributes(
  trx: DbOrTrx,
  attributes: ProductAttributeInput[],
  errors: FieldErrors,
): Promise<{ stored: StoredAttribute[]; links: Array<{ attribute_id: number; term_id: number }> }> {
  const globalIds = attributes.flatMap((a) => (a.id ? [a.id] : []));
  const known = new Map((await listAttributesWithTerms(trx, globalIds)).map((a) => [a.id, a]));
  const unknown = globalIds.filter((id) => !known.has(id));
  if (unknown.length > 0) errors.attributes = { exists: `Unknown attribute id(s): ${unknown.join(', ')}.` };
  const ordered = attributes
    .map((a, i) => ({ a, i }))
    .sort((x, y) => (x.a.position ?? x.i) - (y.a.position ?? y.i) || x.i - y.i)
    .map((x) => x.a);
  const stored: StoredAttribute[] = [];
  const links: Array<{ attribute_id: number; term_id: number }> = [];
  for (const input of ordered) {
    const base = { variation: input.variation ?? false, visible: input.visible ?? true };
    const options = [...new Set(input.options.map((o) => o.trim()).filter(Boolean))];
    if (!input.id) {
      const name = input.name?.trim() ?? '';
      if (!name) errors.attributes = { required: 'Every custom attribute needs a name.' };
      stored.push({ id: 0, name, options, ...base });
      continue;
    }
    const attribute = known.get(input.id);
    if (!attribute) continue;
    const termIds: number[] = [];
    for (const option of options) termIds.push(await termFor(trx, attribute, option));
    links.push(...termIds.map((term_id) => ({ attribute_id: attribute.id, term_id })));
    stored.push({ id: attribute.id, ...globalFields(attribute, termIds), ...base });
  }
  return { stored, links };
}

// A term of the attribute by name or slug (case-insensitive), created when the attribute has none such.
async function termFor(trx: DbOrTrx, attribute: ShopAttribute, option: string): Promise<number> {
  const lower = option.toLowerCase();
  const found = attribute.terms.find((t) => t.name.toLowerCase() === lower || t.slug === lower);
  if (found) return found.id;
  const id = await findOrInsertTerm(trx, attribute.id, option, slugify(option));
  const [term] = await findTerms(trx, [id]);
  if (term) attribute.terms.push(term);
  return id;
}

function globalFields(attribute: ShopAttribute, termIds: readonly number[]) {
  const chosen = new Set(termIds);
  return {
    name: attribute.name,
    taxonomy: attribute.taxonomy,
    options: sortTerms(
      attribute.terms.filter((t) => chosen.has(t.id)),
      attribute.order_by,
    ).map((t) => t.name),
  };
}
