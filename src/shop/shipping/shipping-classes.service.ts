import type { DbOrTrx } from '../../platform/db/database.js';
import { NotFoundError, RestError, ValidationError } from '../../platform/http/errors.js';
import { freeSlug, slugify } from '../catalog/slugs.js';
import {
  classCounts,
  deleteClass,
  findClass,
  findClassBySlug,
  findClasses,
  insertClass,
  renameProductClass,
  type StoredClass,
  updateClass,
} from './shipping-classes.repository.js';

export type { StoredClass };
import { shippingChanged } from './shipping-config.js';

/** What a client may write on a shipping class. */
export interface ClassInput {
  name?: string;
  slug?: string;
  description?: string;
}

/** A shipping class, or 404 `woocommerce_rest_term_invalid` (WooCommerce's term routes). */
export async function requireClass(db: DbOrTrx, id: number): Promise<StoredClass> {
  const found = await findClass(db, id);
  if (!found) throw new NotFoundError('woocommerce_rest_term_invalid', 'Resource does not exist.');
  return found;
}

/** Creates a shipping class (`name` required; the slug comes from the name unless given, and is made unique). */
export async function createClass(db: DbOrTrx, input: ClassInput): Promise<StoredClass> {
  const name = input.name?.trim() ?? '';
  if (name === '') throw new ValidationError({ name: { required: 'The shipping class name is required.' } });
  const slug = await uniqueSlug(db, input.slug, name, null);
  const created = { name, slug, description: input.description ?? '' };
  const id = await insertClass(db, created);
  await shippingChanged(db);
  return { id, ...created };
}

/** Changes a shipping class; a new slug must be free (409 `term_exists`), and products follow a renamed slug. */
export async function changeClass(db: DbOrTrx, id: number, input: ClassInput): Promise<StoredClass> {
  const current = await requireClass(db, id);
  const name = input.name === undefined ? current.name : input.name.trim();
  if (name === '') throw new ValidationError({ name: { required: 'The shipping class name is required.' } });
  const slug = input.slug === undefined ? current.slug : await uniqueSlug(db, input.slug, name, current);
  const next = { id, name, slug, description: input.description ?? current.description };
  await updateClass(db, next);
  if (slug !== current.slug) await renameProductClass(db, current.slug, slug);
  await shippingChanged(db);
  return next;
}

/** Deletes a shipping class (products that had it have none). */
export async function removeClass(db: DbOrTrx, id: number): Promise<StoredClass> {
  const current = await requireClass(db, id);
  await deleteClass(db, current);
  await shippingChanged(db);
  return current;
}

/** How many products and variations use each class, by slug. */
export function classUseCounts(db: DbOrTrx): Promise<Map<string, number>> {
  return classCounts(db);
}

/** Every shipping class. */
export function listClasses(db: DbOrTrx): Promise<StoredClass[]> {
  return findClasses(db);
}

async function uniqueSlug(
  db: DbOrTrx,
  wanted: string | undefined,
  name: string,
  current: StoredClass | null,
): Promise<string> {
  if (wanted === undefined || wanted.trim() === '') {
    const taken = (await findClasses(db)).filter((c) => c.id !== current?.id).map((c) => c.slug);
    return freeSlug(slugify(name), taken);
  }
  const slug = slugify(wanted);
  const other = await findClassBySlug(db, slug);
  if (other && other.id !== current?.id)
    throw new RestError(
      'term_exists',
      'A term with the name provided already exists with this parent.',
      400,
      {
        resource_id: other.id,
      },
    );
  return slug;
}
