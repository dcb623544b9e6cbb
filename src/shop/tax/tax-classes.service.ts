import type { DbOrTrx } from '../../platform/db/database.js';
import { invalid, NotFoundError, RestError } from '../../platform/http/errors.js';
import type { OptionsStore } from '../../platform/options/options.js';
import { slugify } from '../catalog/slugs.js';
import { classNamesOf, DEFAULT_TAX_CLASSES } from './tax-options.js';
import { deleteTaxRatesOfClass } from './tax-rates.repository.js';

/** A tax class as `wc/v3/taxes/classes` shows it (`standard` is the built-in one). */
export interface TaxClass {
  slug: string;
  name: string;
}

/** The option holding the additional classes' names, one a line (WooCommerce's). */
export const TAX_CLASSES_OPTION = 'woocommerce_tax_classes';

/** Every tax class: Standard first, then the additional ones in their listed order. */
export async function listTaxClasses(options: OptionsStore, db?: DbOrTrx): Promise<TaxClass[]> {
  const names = classNamesOf(await options.get<string>(TAX_CLASSES_OPTION, DEFAULT_TAX_CLASSES, db));
  return [{ slug: 'standard', name: 'Standard' }, ...names.map((name) => ({ slug: slugify(name), name }))];
}

/** The stored class slug of a `tax_class` value ('' for standard), or null when no such class exists. */
export async function storedClassSlug(
  options: OptionsStore,
  value: string,
  db?: DbOrTrx,
): Promise<string | null> {
  const slug = value.trim() === '' ? 'standard' : value.trim();
  const found = (await listTaxClasses(options, db)).find((c) => c.slug === slug);
  if (!found) return null;
  return found.slug === 'standard' ? '' : found.slug;
}

/** Adds a class by name; 400 `woocommerce_rest_tax_class_exists` when its slug is taken. */
export async function createTaxClass(options: OptionsStore, db: DbOrTrx, name: string): Promise<TaxClass> {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.includes('\n'))
    throw invalid('name', 'required', 'A tax class needs a name on one line.');
  const classes = await listTaxClasses(options);
  const slug = slugify(trimmed);
  if (classes.some((c) => c.slug === slug))
    throw new RestError('woocommerce_rest_tax_class_exists', `The tax class "${slug}" already exists.`, 400, {
      params: { name: 'A tax class with this slug already exists.' },
    });
  await writeClassNames(options, db, [...classes.slice(1).map((c) => c.name), trimmed]);
  return { slug, name: trimmed };
}

/**
 * Removes a class and every rate of it (as WooCommerce does). Unknown → 404 `woocommerce_rest_invalid_id`;
 * `standard` cannot be removed (400).
 */
export async function deleteTaxClass(options: OptionsStore, db: DbOrTrx, slug: string): Promise<TaxClass> {
  if (slug === 'standard')
    throw new RestError('woocommerce_rest_invalid_id', 'The standard tax class cannot be deleted.', 400);
  const found = await requireTaxClass(options, slug);
  const classes = await listTaxClasses(options);
  await db.transaction().execute(async (trx) => {
    await writeClassNames(
      options,
      trx,
      classes.slice(1).flatMap((c) => (c.slug === slug ? [] : [c.name])),
    );
  });
  return found;
}

/** One class by slug; unknown → 404 `woocommerce_rest_invalid_id`. */
export async function requireTaxClass(options: OptionsStore, slug: string): Promise<TaxClass> {
  const found = (await listTaxClasses(options)).find((c) => c.slug === slug);
  if (!found) throw new NotFoundError('woocommerce_rest_invalid_id', `No tax class has the slug "${slug}".`);
  return found;
}

/**
 * Stores the additional classes' names and removes the rates of classes no longer listed (WooCommerce's
 * `maybe_remove_tax_class_rates`).
 */
export async function writeClassNames(options: OptionsStore, db: DbOrTrx, names: string[]): Promise<void> {
  const before = await listTaxClasses(options, db);
  await options.set(TAX_CLASSES_OPTION, names.join('\n'), db);
  const kept = new Set(names.map(slugify));
  for (const c of before.slice(1)) if (!kept.has(c.slug)) await deleteTaxRatesOfClass(db, c.slug);
}
