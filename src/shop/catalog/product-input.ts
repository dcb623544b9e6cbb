import type { Static } from '@sinclair/typebox';
import { type FieldErrors, ValidationError } from '../../platform/http/errors.js';
import type { ProductWriteBody, VariationWriteBody } from './catalog.schemas.js';
import { parseMoney, sentMoneyForm } from './money.js';
import type { ProductInput, VariationInput } from './products.service.js';

/**
 * A `wc/v3` product body → service input: decimal prices to minor units, with the form they were sent in (400
 * naming the field when not a price).
 */
export function productInputFromBody(body: Static<typeof ProductWriteBody>, minorUnit: number): ProductInput {
  const errors: FieldErrors = {};
  const { categories, regular_price, sale_price, ...rest } = body;
  const input: ProductInput = {
    ...rest,
    ...prices({ regular_price, sale_price }, minorUnit, errors),
    ...(categories !== undefined ? { category_ids: categories.map((c) => c.id) } : {}),
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}

/** A `wc/v3` variation body → service input. */
export function variationInputFromBody(
  body: Static<typeof VariationWriteBody>,
  minorUnit: number,
): VariationInput {
  const errors: FieldErrors = {};
  const { regular_price, sale_price, ...rest } = body;
  const input: VariationInput = { ...rest, ...prices({ regular_price, sale_price }, minorUnit, errors) };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}

function prices(
  body: { regular_price?: string; sale_price?: string },
  minorUnit: number,
  errors: FieldErrors,
): Pick<ProductInput, 'regular_price' | 'sale_price' | 'regular_price_text' | 'sale_price_text'> {
  const out: Pick<ProductInput, 'regular_price' | 'sale_price' | 'regular_price_text' | 'sale_price_text'> =
    {};
  for (const field of ['regular_price', 'sale_price'] as const) {
    const raw = body[field];
    if (raw === undefined) continue;
    if (raw.trim() === '') {
      out[field] = null;
      continue;
    }
    const minor = parseMoney(raw, minorUnit);
    if (minor !== null) {
      out[field] = minor;
      out[`${field}_text`] = sentMoneyForm(raw);
    } else if (/^\s*-/.test(raw)) errors[field] = { min: 'The price may not be negative.' };
    else
      errors[field] = {
        numeric: `The price must be a decimal number with at most ${minorUnit} decimals (e.g. "19.99").`,
      };
  }
  return out;
}
