import { type FieldErrors, NotFoundError, RestError, ValidationError } from '../../platform/http/errors.js';
import type { ShopTag } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { slugify } from './slugs.js';
import { deleteTag, findTags, findTagsBySlugs, insertTag, searchTags, updateTag } from './tags.repository.js';
import type { TermFilter } from './term-filter.js';
import { uniqueOr } from './term-lists.js';

/** Tag fields a client may set. */
export interface TagInput {
  name?: string;
  slug?: string;
  description?: string;
}

/** One page of tags, with the total. */
export function listTags(ctx: ShopContext, filter: TermFilter): Promise<{ tags: ShopTag[]; total: number }> {
  return searchTags(ctx.db, filter);
}

/** A tag with its published-product count, or 404 `woocommerce_rest_term_invalid`. */
export async function getTag(ctx: ShopContext, id: number): Promise<ShopTag> {
  const [tag] = await findTags(ctx.db, [id]);
  if (!tag) throw termInvalid();
  return tag;
}

/** Creates a tag; a taken slug is 400 `term_exists` (WordPress). */
export async function createTag(ctx: ShopContext, input: TagInput): Promise<ShopTag> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (!input.name?.trim()) throw new ValidationError({ name: { required: 'The tag name is required.' } });
    const slug = slugify(input.slug?.trim() || input.name);
    if ((await findTagsBySlugs(trx, [slug])).length > 0) throw termExists(slug);
    const row = { name: input.name.trim(), slug, description: input.description ?? '' };
    return uniqueOr(
      () => insertTag(trx, row),
      () => termExists(slug),
    );
  });
  return getTag(ctx, id);
}

/** Changes a tag. */
export async function changeTag(ctx: ShopContext, id: number, input: TagInput): Promise<ShopTag> {
  await ctx.db.transaction().execute(async (trx) => {
    const [current] = await findTags(trx, [id]);
    if (!current) throw termInvalid();
    const errors: FieldErrors = {};
    if (input.name !== undefined && !input.name.trim())
      errors.name = { required: 'The tag name is required.' };
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    let slug: string | undefined;
    if (input.slug !== undefined) {
      slug = slugify(input.slug.trim() || input.name || current.name);
      const [holder] = await findTagsBySlugs(trx, [slug]);
      if (holder && holder.id !== id) throw termExists(slug);
    }
    const patch = {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(slug !== undefined ? { slug } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    };
    await uniqueOr(
      () => updateTag(trx, id, patch),
      () => termExists(slug ?? ''),
    );
  });
  return getTag(ctx, id);
}

/** Deletes a tag (its products keep their other tags); returns it as it was. */
export async function removeTag(ctx: ShopContext, id: number): Promise<ShopTag> {
  return ctx.db.transaction().execute(async (trx) => {
    const [tag] = await findTags(trx, [id]);
    if (!tag) throw termInvalid();
    await deleteTag(trx, id);
    return tag;
  });
}

function termInvalid(): NotFoundError {
  return new NotFoundError('woocommerce_rest_term_invalid', 'Resource does not exist.');
}

function termExists(slug: string): RestError {
  return new RestError('term_exists', `A tag with the slug "${slug}" already exists.`, 400, {
    resource_id: slug,
  });
}
