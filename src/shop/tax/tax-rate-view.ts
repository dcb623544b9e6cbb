import type { Static } from '@sinclair/typebox';
import type { TaxRate } from './tax-rates.js';
import { formatRatePercent } from './tax-rates.service.js';
import type { TaxRateResponse } from './tax.schemas.js';

/** A tax rate in `wc/v3` shape (`postcode`/`city` join the lists with `;`, as WooCommerce reads them back). */
export function taxRateView(rate: TaxRate, publicUrl: string): Static<typeof TaxRateResponse> {
  const base = `${publicUrl}/wp-json/wc/v3/taxes`;
  return {
    id: rate.id,
    country: rate.country,
    state: rate.state,
    postcode: rate.postcodes.join(';'),
    city: rate.cities.join(';'),
    postcodes: rate.postcodes,
    cities: rate.cities,
    rate: formatRatePercent(rate.rateE4),
    name: rate.name,
    priority: rate.priority,
    compound: rate.compound,
    shipping: rate.shipping,
    order: rate.order,
    class: rate.taxClass === '' ? 'standard' : rate.taxClass,
    _links: { self: [{ href: `${base}/${rate.id}` }], collection: [{ href: base }] },
  };
}
