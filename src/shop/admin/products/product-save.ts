import { __, sprintf } from '@wordpress/i18n';
import {
  type ProductFormValues,
  productBody,
  productErrors,
  type VariationValues,
  variationBody,
  variationRow,
} from './product-form-values.js';
import {
  type BatchFailure,
  batchVariations,
  createProduct,
  fetchVariations,
  isBatchFailure,
  type Product,
  updateProduct,
  type Variation,
} from './products-client.js';

/**
 * What a save did: the stored product; the variation rows (stored ones as the server answered, refused ones as
 * typed) with the ids now stored; and each refused row's messages by field.
 */
export interface SaveOutcome {
  product: Product;
  rows: VariationValues[];
  storedVariationIds: number[];
  variationErrors: Record<string, Record<string, string>>;
}

/**
 * Saves the form: the product first (a refusal rejects with its messages by field), then for a variable product
 * its variations in one batch (rows without an id created, stored ones updated, removed ones deleted).
 */
export async function saveProductForm(input: {
  id: number | null;
  values: ProductFormValues;
  storedVariationIds: number[];
}): Promise<SaveOutcome> {
  const body = productBody(input.values);
  let product: Product;
  try {
    product = input.id === null ? await createProduct(body) : await updateProduct(input.id, body);
  } catch (error) {
    throw new ProductSaveError(productErrors(error));
  }
  if (product.type !== 'variable') return { product, rows: [], storedVariationIds: [], variationErrors: {} };

  const rows = input.values.variations;
  const created = rows.filter((row) => row.id === undefined);
  const updated = rows.filter((row) => row.id !== undefined);
  const kept = new Set(updated.map((row) => row.id));
  const removed = input.storedVariationIds.filter((id) => !kept.has(id));
  const variationErrors: Record<string, Record<string, string>> = {};
  const answered = new Map<string, Variation>();
  if (created.length + updated.length + removed.length > 0) {
    const answer = await batchVariations(product.id, {
      create: created.map((row) => variationBody(row, input.values.attributes)),
      update: updated.map((row) => ({ id: row.id!, ...variationBody(row, input.values.attributes) })),
      delete: removed,
    });
    const collect = (items: Array<Variation | BatchFailure> | undefined, sent: VariationValues[]) =>
      items?.forEach((item, i) => {
        const row = sent[i]!;
        if (isBatchFailure(item)) variationErrors[row.key] = productErrors(item.error);
        else answered.set(row.key, item);
      });
    collect(answer.create, created);
    collect(answer.update, updated);
  }
  const stored = await fetchVariations(product.id);
  const nextRows = rows.map((row) => {
    const saved = answered.get(row.key);
    return saved ? variationRow(stored.find((v) => v.id === saved.id) ?? saved) : row;
  });
  return { product, rows: nextRows, storedVariationIds: stored.map((v) => v.id), variationErrors };
}

/** A refused product save: the messages by form field (`''` for those that name none). */
export class ProductSaveError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields)[0] ?? __('The product could not be saved.', 'storeside'));
  }
}

/** The notice for variations the batch refused. */
export function variationFailureMessage(count: number): string {
  return sprintf(
    count === 1
      ? __('The product was saved, but %d variation was refused; see its messages below.', 'storeside')
      : __('The product was saved, but %d variations were refused; see their messages below.', 'storeside'),
    count,
  );
}
