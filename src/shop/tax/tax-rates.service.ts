import type { Static } from '@sinclair/typebox';
import type { DbOrTrx } from '../../platform/db/database.js';
import { invalid, NotFoundError } from '../../platform/http/errors.js';
import type { OptionsStore } from '../../platform/options/options.js';
import { storedClassSlug } from './tax-classes.service.js';
import type { TaxRate } from './tax-rates.js';
import {
  deleteTaxRate,
  findTaxRate,
  insertTaxRate,
  searchTaxRates,
  type TaxRateFields,
  type TaxRateOrder,
  updateTaxRate,
} from './tax-rates.repository.js';
import type { TaxRateWriteBody } from './tax.schemas.js';

/** What a new rate holds when a field is not sent (WooCommerce's defaults). */
const NEW_RATE: TaxRateFields = {
  country: '',
  state: '',
  postcodes: [],
  cities: [],
  rateE4: 0,
  name: '',
  priority: 1,
  compound: false,
  shipping: true,
  order: 0,
  taxClass: '',
};

/** Creates a tax rate from a `wc/v3/taxes` body (validated by `rateFields`). */
export async function createTaxRate(
  db: DbOrTrx,
  options: OptionsStore,
  body: Static<typeof TaxRateWriteBody>,
): Promise<TaxRate> {
  const fields = await rateFields(options, NEW_RATE, body);
  return { id: await insertTaxRate(db, fields), ...fields };
}

/** Changes the sent fields of a tax rate; unknown id → 404. */
export async function changeTaxRate(
  db: DbOrTrx,
  options: OptionsStore,
  id: number,
  body: Static<typeof TaxRateWriteBody>,
): Promise<TaxRate> {
  const { id: _, ...current } = await requireTaxRate(db, id);
  const fields = await rateFields(options, current, body);
  await updateTaxRate(db, id, fields);
  return { id, ...fields };
}

/** One page of tax rates (optionally of one class slug, unknown → 400 naming `class`) and how many match. */
export async function listTaxRates(
  db: DbOrTrx,
  options: OptionsStore,
  input: {
    taxClass?: string;
    orderBy: TaxRateOrder;
    direction: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ items: TaxRate[]; total: number }> {
  let taxClass: string | undefined;
  if (input.taxClass !== undefined) {
    const slug = await storedClassSlug(options, input.taxClass);
    if (slug === null) throw invalid('class', 'exists', `There is no tax class "${input.taxClass}".`);
    taxClass = slug;
  }
  return searchTaxRates(db, { ...input, taxClass });
}

/** Deletes a tax rate; unknown → 404. Returns the rate as it was. */
export async function removeTaxRate(db: DbOrTrx, id: number): Promise<TaxRate> {
  const rate = await requireTaxRate(db, id);
  await deleteTaxRate(db, id);
  return rate;
}

/** One tax rate; unknown → 404 `woocommerce_rest_invalid_id`. */
export async function requireTaxRate(db: DbOrTrx, id: number): Promise<TaxRate> {
  const found = await findTaxRate(db, id);
  if (!found) throw new NotFoundError('woocommerce_rest_invalid_id', 'Invalid resource ID.', { id });
  return found;
}

/** A percentage such as `"20"`, `"7.25"` or `8.875` in ten-thousandths of a percent, or null when not one. */
export function parseRatePercent(value: string | number): number | null {
  const text = String(value).trim();
  if (!/^\d{1,4}(\.\d{1,4})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** A rate in ten-thousandths as WooCommerce shows it: `"20.0000"`. */
export function formatRatePercent(rateE4: number): string {
  return `${Math.floor(rateE4 / 10_000)}.${String(rateE4 % 10_000).padStart(4, '0')}`;
}

/** A sent flag (`true`, `"yes"`, `1`) as a boolean. */
function flag(value: boolean | string | number): boolean {
  return value === true || value === 'yes' || value === 1;
}

/** The fields a rate holds after `body` is applied to `current`; a bad field → 400 naming it. */
async function rateFields(
  options: OptionsStore,
  current: TaxRateFields,
  body: Static<typeof TaxRateWriteBody>,
): Promise<TaxRateFields> {
  const fields = { ...current };
  if (body.country !== undefined) {
    const country = body.country.trim().toUpperCase();
    if (country !== '' && !/^[A-Z]{2}$/.test(country))
      throw invalid('country', 'in', 'The country must be an ISO 3166-1 alpha-2 code, or empty for any.');
    fields.country = country;
  }
  if (body.state !== undefined) fields.state = body.state.trim().toUpperCase();
  const list = (text: string) =>
    text
      .split(';')
      .map((p) => p.trim())
      .filter((p) => p !== '');
  if (body.postcode !== undefined) fields.postcodes = list(body.postcode).map((p) => p.toUpperCase());
  if (body.postcodes !== undefined)
    fields.postcodes = body.postcodes.flatMap(list).map((p) => p.toUpperCase());
  if (body.city !== undefined) fields.cities = list(body.city).map((c) => c.toUpperCase());
  if (body.cities !== undefined) fields.cities = body.cities.flatMap(list).map((c) => c.toUpperCase());
  if (body.rate !== undefined) {
    const rate = body.rate === '' ? 0 : parseRatePercent(body.rate);
    if (rate === null)
      throw invalid(
        'rate',
        'numeric',
        'The rate must be a percentage from 0 to 9999.9999 with at most four decimals.',
      );
    fields.rateE4 = rate;
  }
  if (body.name !== undefined) fields.name = body.name.trim();
  if (body.priority !== undefined) fields.priority = body.priority;
  if (body.order !== undefined) fields.order = body.order;
  if (body.compound !== undefined) fields.compound = flag(body.compound);
  if (body.shipping !== undefined) fields.shipping = flag(body.shipping);
  if (body.class !== undefined) {
    const slug = await storedClassSlug(options, body.class);
    if (slug === null)
      throw invalid('class', 'exists', `There is no tax class "${body.class}"; see /wc/v3/taxes/classes.`);
    fields.taxClass = slug;
  }
  return fields;
}
