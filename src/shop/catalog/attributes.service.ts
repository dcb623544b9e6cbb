import { type FieldErrors, NotFoundError, RestError, ValidationError } from '../../platform/http/errors.js';
import type { ShopAttribute, ShopAttributeTerm } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import {
  type AttributePatch,
  deleteAttribute,
  deleteTerm,
  findAttributeRow,
  findTerms,
  insertAttribute,
  insertTerm,
  listAttributesWithTerms,
  productsLinkedTo,
  searchTerms,
  updateAttribute,
  updateTerm,
} from './attributes.repository.js';
import { refreshProductAttributes } from './product-terms.service.js';
import { slugify } from './slugs.js';
import type { TermFilter } from './term-filter.js';
import { uniqueOr } from './term-lists.js';

/** Orders WooCommerce offers for an attribute's terms. */
export const ATTRIBUTE_ORDERS = ['menu_order', 'name', 'name_num', 'id'] as const;

/** Attribute fields a client may set. */
export interface AttributeInput {
  name?: string;
  slug?: string;
  type?: string;
  order_by?: (typeof ATTRIBUTE_ORDERS)[number];
  has_archives?: boolean;
}

/** Term fields a client may set. */
export interface TermInput {
  name?: string;
  slug?: string;
  description?: string;
  menu_order?: number;
}

/** Every global attribute, by name (with terms). */
export function listAttributes(ctx: ShopContext): Promise<ShopAttribute[]> {
  return listAttributesWithTerms(ctx.db);
}

/** A global attribute with its terms, or 404 `woocommerce_rest_taxonomy_invalid`. */
export async function getAttribute(ctx: ShopContext, id: number): Promise<ShopAttribute> {
  const [attribute] = await listAttributesWithTerms(ctx.db, [id]);
  if (!attribute) throw attributeInvalid();
  return attribute;
}

/** Creates a global attribute (slug `pa_<slug>`, at most 28 characters as WooCommerce); a taken slug is 400. */
export async function createAttribute(ctx: ShopContext, input: AttributeInput): Promise<ShopAttribute> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const errors: FieldErrors = {};
    if (!input.name?.trim()) errors.name = { required: 'The attribute name is required.' };
    const slug = attributeSlug(input.slug?.trim() || input.name || '', errors);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    if (await findAttributeRow(trx, { slug })) throw slugTaken(slug);
    const row = {
      name: input.name?.trim() ?? '',
      slug,
      type: input.type ?? 'select',
      order_by: input.order_by ?? 'menu_order',
      has_archives: input.has_archives ? 1 : 0,
    };
    return uniqueOr(
      () => insertAttribute(trx, row),
      () => slugTaken(slug),
    );
  });
  return getAttribute(ctx, id);
}

/** Changes a global attribute; its products show the new name and term order. */
export async function changeAttribute(
  ctx: ShopContext,
  id: number,
  input: AttributeInput,
): Promise<ShopAttribute> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await findAttributeRow(trx, { id }))) throw attributeInvalid();
    const errors: FieldErrors = {};
    if (input.name !== undefined && !input.name.trim())
      errors.name = { required: 'The attribute name is required.' };
    const slug =
      input.slug !== undefined ? attributeSlug(input.slug.trim() || input.name || '', errors) : undefined;
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    if (slug !== undefined) {
      const holder = await findAttributeRow(trx, { slug });
      if (holder && holder.id !== id) throw slugTaken(slug);
    }
    const patch: AttributePatch = {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(slug !== undefined ? { slug } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.order_by !== undefined ? { order_by: input.order_by } : {}),
      ...(input.has_archives !== undefined ? { has_archives: input.has_archives ? 1 : 0 } : {}),
    };
    await uniqueOr(
      () => updateAttribute(trx, id, patch),
      () => slugTaken(slug ?? ''),
    );
    await refreshProductAttributes(trx, await productsLinkedTo(trx, { attributeId: id }));
  });
  return getAttribute(ctx, id);
}

/** Deletes a global attribute with its terms; its products lose it. Returns it as it was. */
export async function removeAttribute(ctx: ShopContext, id: number): Promise<ShopAttribute> {
  return ctx.db.transaction().execute(async (trx) => {
    const [attribute] = await listAttributesWithTerms(trx, [id]);
    if (!attribute) throw attributeInvalid();
    const products = await productsLinkedTo(trx, { attributeId: id });
    await deleteAttribute(trx, id);
    await refreshProductAttributes(trx, products);
    return attribute;
  });
}

/** One page of an attribute's terms (404 when the attribute does not exist). */
export async function listTerms(
  ctx: ShopContext,
  attributeId: number,
  filter: TermFilter,
): Promise<{ terms: ShopAttributeTerm[]; total: number }> {
  if (!(await findAttributeRow(ctx.db, { id: attributeId }))) throw attributeInvalid();
  return searchTerms(ctx.db, attributeId, filter);
}

/** A term of an attribute, or 404 (`woocommerce_rest_taxonomy_invalid` / `woocommerce_rest_term_invalid`). */
export async function getTerm(ctx: ShopContext, attributeId: number, id: number): Promise<ShopAttributeTerm> {
  if (!(await findAttributeRow(ctx.db, { id: attributeId }))) throw attributeInvalid();
  const [term] = await findTerms(ctx.db, [id]);
  if (term?.attribute_id !== attributeId) throw termInvalid();
  return term;
}

/** Adds a term to an attribute; a slug the attribute already has is 400 `term_exists`. */
export async function createTerm(
  ctx: ShopContext,
  attributeId: number,
  input: TermInput,
): Promise<ShopAttributeTerm> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (!(await findAttributeRow(trx, { id: attributeId }))) throw attributeInvalid();
    if (!input.name?.trim()) throw new ValidationError({ name: { required: 'The term name is required.' } });
    const slug = slugify(input.slug?.trim() || input.name);
    if ((await searchTerms(trx, attributeId, slugFilter(slug))).total > 0) throw termExists(slug);
    const row = {
      attribute_id: attributeId,
      name: input.name.trim(),
      slug,
      description: input.description ?? '',
      menu_order: input.menu_order ?? 0,
    };
    return uniqueOr(
      () => insertTerm(trx, row),
      () => termExists(slug),
    );
  });
  return getTerm(ctx, attributeId, id);
}

/** Changes a term; products having it show the new name (and their variations keep their choice). */
export async function changeTerm(
  ctx: ShopContext,
  attributeId: number,
  id: number,
  input: TermInput,
): Promise<ShopAttributeTerm> {
  await ctx.db.transaction().execute(async (trx) => {
    const [current] = await findTerms(trx, [id]);
    if (!(await findAttributeRow(trx, { id: attributeId }))) throw attributeInvalid();
    if (current?.attribute_id !== attributeId) throw termInvalid();
    if (input.name !== undefined && !input.name.trim())
      throw new ValidationError({ name: { required: 'The term name is required.' } });
    let slug: string | undefined;
    if (input.slug !== undefined) {
      slug = slugify(input.slug.trim() || input.name || current.name);
      const holder = (await searchTerms(trx, attributeId, slugFilter(slug))).terms[0];
      if (holder && holder.id !== id) throw termExists(slug);
    }
    const name = input.name?.trim();
    const patch = {
      ...(name !== undefined ? { name } : {}),
      ...(slug !== undefined ? { slug } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.menu_order !== undefined ? { menu_order: input.menu_order } : {}),
    };
    await uniqueOr(
      () => updateTerm(trx, id, patch),
      () => termExists(slug ?? ''),
    );
    const renames =
      name !== undefined && name !== current.name ? new Map([[current.name.toLowerCase(), name]]) : undefined;
    await refreshProductAttributes(trx, await productsLinkedTo(trx, { termId: id }), renames);
  });
  return getTerm(ctx, attributeId, id);
}

/** Deletes a term; its products lose it. Returns it as it was. */
export async function removeTerm(
  ctx: ShopContext,
  attributeId: number,
  id: number,
): Promise<ShopAttributeTerm> {
  return ctx.db.transaction().execute(async (trx) => {
    const [term] = await findTerms(trx, [id]);
    if (!(await findAttributeRow(trx, { id: attributeId }))) throw attributeInvalid();
    if (term?.attribute_id !== attributeId) throw termInvalid();
    const products = await productsLinkedTo(trx, { termId: id });
    await deleteTerm(trx, id);
    await refreshProductAttributes(trx, products);
    return term;
  });
}

// WooCommerce keeps attribute slugs without `pa_`, at most 28 characters, never a reserved WordPress query word.
function attributeSlug(wanted: string, errors: FieldErrors): string {
  const slug = slugify(wanted.replace(/^pa_/i, '')).slice(0, 200);
  if (slug.length > 28)
    errors.slug = { max: `Slug "${slug}" is too long (28 characters max). Shorten it, please.` };
  else if (RESERVED.has(slug))
    errors.slug = { in: `Slug "${slug}" is not allowed because it is a reserved term.` };
  return slug;
}

const RESERVED = new Set([
  'type',
  'name',
  'order',
  'orderby',
  'page',
  'paged',
  'post',
  'product',
  'year',
  'search',
  's',
  'tag',
  'cat',
  'category',
  'author',
  'attachment',
  'feed',
  'error',
  'status',
  'taxonomy',
  'term',
]);

function slugFilter(slug: string): TermFilter {
  return { slug, orderBy: 'id', order: 'asc', offset: 0, limit: 1 };
}

function attributeInvalid(): NotFoundError {
  return new NotFoundError('woocommerce_rest_taxonomy_invalid', 'Resource does not exist.');
}

function termInvalid(): NotFoundError {
  return new NotFoundError('woocommerce_rest_term_invalid', 'Resource does not exist.');
}

function slugTaken(slug: string): RestError {
  return new RestError(
    'woocommerce_rest_cannot_create',
    `Slug "${slug}" is already in use. Change it, please.`,
    400,
    { params: { slug: `Slug "${slug}" is already in use.` } },
  );
}

function termExists(slug: string): RestError {
  return new RestError('term_exists', `A term with the slug "${slug}" already exists.`, 400, {
    resource_id: slug,
  });
}
