import { type FieldErrors, NotFoundError, RestError, ValidationError } from '../../platform/http/errors.js';
import type { ShopCategory } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import {
  deleteCategory,
  findCategories,
  findDefaultCategoryId,
  findCategoryBySlug,
  insertCategory,
  listCategoriesWithCounts,
  lockCategories,
  recountCategories,
  updateCategory,
} from './categories.repository.js';
import { slugify } from './slugs.js';

/** Category fields a client may set. */
export interface CategoryInput {
  name?: string;
  slug?: string;
  parent?: number;
  description?: string;
  menu_order?: number;
}

/** Creates a category; a taken slug is 400 `term_exists` (WordPress). */
export async function createCategory(ctx: ShopContext, input: CategoryInput): Promise<ShopCategory> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const errors: FieldErrors = {};
    if (!input.name?.trim()) errors.name = { required: 'The category name is required.' };
    if (input.parent && (await findCategories(trx, [input.parent])).length === 0)
      errors.parent = { exists: 'The parent category does not exist.' };
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const slug = slugify(input.slug?.trim() || input.name || '');
    if (await findCategoryBySlug(trx, slug)) throw termExists(slug);
    return insertCategory(trx, {
      name: input.name?.trim() ?? '',
      slug,
      parent: input.parent ?? 0,
      description: input.description ?? '',
      menu_order: input.menu_order ?? 0,
    });
  });
  return getCategory(ctx, id);
}

/** Every category with its published-product count, by name. */
export function listCategories(ctx: ShopContext): Promise<ShopCategory[]> {
  return listCategoriesWithCounts(ctx.db);
}

/** A category with its published-product count, or 404 `woocommerce_rest_term_invalid`. */
export async function getCategory(ctx: ShopContext, id: number): Promise<ShopCategory> {
  const [category] = await findCategories(ctx.db, [id]);
  if (!category) throw new NotFoundError('woocommerce_rest_term_invalid', 'Resource does not exist.');
  return category;
}

/** Changes a category (a parent may not be the category itself or one of its descendants). */
export async function changeCategory(
  ctx: ShopContext,
  id: number,
  input: CategoryInput,
): Promise<ShopCategory> {
  await ctx.db.transaction().execute(async (trx) => {
    const all = await listCategoriesWithCounts(trx);
    if (!all.some((c) => c.id === id))
      throw new NotFoundError('woocommerce_rest_term_invalid', 'Resource does not exist.');
    const errors: FieldErrors = {};
    if (input.name !== undefined && !input.name.trim())
      errors.name = { required: 'The category name is required.' };
    if (input.parent) {
      if (!all.some((c) => c.id === input.parent))
        errors.parent = { exists: 'The parent category does not exist.' };
      else if (ancestry(all, input.parent).includes(id))
        errors.parent = { in: 'A category cannot be its own parent or sit below one of its children.' };
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    let slug: string | undefined;
    if (input.slug !== undefined) {
      slug = slugify(input.slug.trim() || input.name || '');
      const holder = await findCategoryBySlug(trx, slug);
      if (holder && holder.id !== id) throw termExists(slug);
    }
    await updateCategory(trx, id, {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(slug !== undefined ? { slug } : {}),
      ...(input.parent !== undefined ? { parent: input.parent } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.menu_order !== undefined ? { menu_order: input.menu_order } : {}),
    });
  });
  return getCategory(ctx, id);
}

/**
 * Deletes a category (its products keep their other categories, those left with none get the default category;
 * its children move up); returns it as it was. The default category cannot be deleted: 400
 * `woocommerce_rest_cannot_delete` (WooCommerce answers 500 with that code).
 */
export async function removeCategory(ctx: ShopContext, id: number): Promise<ShopCategory> {
  return ctx.db.transaction().execute(async (trx) => {
    const [category] = await findCategories(trx, [id]);
    if (!category) throw new NotFoundError('woocommerce_rest_term_invalid', 'Resource does not exist.');
    const fallback = await findDefaultCategoryId(trx);
    if (fallback === id)
      throw new RestError(
        'woocommerce_rest_cannot_delete',
        'The default product category cannot be deleted.',
        400,
        {
          params: { id: 'The default category (products without a category get it) cannot be deleted.' },
        },
      );
    if (fallback !== undefined) await lockCategories(trx, [fallback]);
    await deleteCategory(trx, id, category.parent);
    if (fallback !== undefined) await recountCategories(trx, [fallback]);
    return category;
  });
}

function ancestry(all: ShopCategory[], id: number): number[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  const chain: number[] = [];
  let current = byId.get(id);
  while (current && !chain.includes(current.id)) {
    chain.push(current.id);
    current = byId.get(current.parent);
  }
  return chain;
}

function termExists(slug: string): RestError {
  return new RestError('term_exists', `A category with the slug "${slug}" already exists.`, 400, {
    resource_id: slug,
  });
}
