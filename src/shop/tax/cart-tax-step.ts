import type { DbOrTrx } from '../../platform/db/database.js';
import type { OptionsStore } from '../../platform/options/options.js';
import type { Purchasable } from '../catalog/purchasables.js';
import type { ShopCart } from '../shop-api.js';
import { type CustomerAddresses, taxCart, taxLocation } from './cart-taxes.js';
import { readTaxOptions, type TaxOptions } from './tax-options.js';
import { findAllTaxRates } from './tax-rates.repository.js';
import type { TaxableShippingLine } from './tax-step.js';

/**
 * The cart's tax step: with `woocommerce_calc_taxes` = yes, the cart taxed at the customer's tax location (item
 * lines and `shipping` lines); otherwise the cart exactly as it came.
 */
export async function withCartTaxes(
  options: OptionsStore,
  db: DbOrTrx,
  input: {
    cart: ShopCart;
    products: ReadonlyMap<string, Purchasable>;
    addresses: CustomerAddresses;
    shipping: readonly TaxableShippingLine[];
    /** The tax options when the caller read them already (before its transaction). */
    taxOptions?: TaxOptions;
  },
): Promise<ShopCart> {
  // Inside a transaction the options are read through it (its connection may be the only one); else cached.
  const taxOptions = input.taxOptions ?? (await readTaxOptions(options, db.isTransaction ? db : undefined));
  if (!taxOptions.calcTaxes) return input.cart;
  return taxCart({
    cart: input.cart,
    products: input.products,
    shipping: input.shipping,
    rates: await findAllTaxRates(db),
    options: taxOptions,
    location: taxLocation(taxOptions, input.addresses),
  });
}
