import type { DemoStep, ShopContext } from '../shop-part.js';
import { findAllTaxRates, insertTaxRate, type TaxRateFields } from './tax-rates.repository.js';

/** The demo shop's rates: California's state rate (shipping untaxed) and France's 20 % VAT, shipping taxed. */
const DEMO_RATES: TaxRateFields[] = [
  {
    country: 'US',
    state: 'CA',
    postcodes: [],
    cities: [],
    rateE4: 72_500,
    name: 'CA State Tax',
    priority: 1,
    compound: false,
    shipping: false,
    order: 0,
    taxClass: '',
  },
  {
    country: 'FR',
    state: '',
    postcodes: [],
    cities: [],
    rateE4: 200_000,
    name: 'TVA',
    priority: 1,
    compound: false,
    shipping: true,
    order: 1,
    taxClass: '',
  },
];

/** The demo step of taxes: adds each demo rate unless a rate of that country, state and name exists. */
export function demoTaxStep(ctx: ShopContext): DemoStep {
  return async ({ print }) => {
    const existing = await findAllTaxRates(ctx.db);
    let added = 0;
    for (const rate of DEMO_RATES) {
      const same = existing.some(
        (r) => r.country === rate.country && r.state === rate.state && r.name === rate.name,
      );
      if (same) continue;
      await insertTaxRate(ctx.db, rate);
      added += 1;
    }
    print(`tax rates: ${added} added (${DEMO_RATES.length - added} already there)`);
  };
}
