import type { DbOrTrx } from '../../platform/db/database.js';
import type { OptionsStore } from '../../platform/options/options.js';
import { findProductRows } from '../catalog/products.repository.js';
import type { ShopProduct } from '../shop-api.js';
import { readTaxOptions } from './tax-options.js';
import { calcTax, matchRates, roundTax, type TaxRate } from './tax-rates.js';
import { findAllTaxRates } from './tax-rates.repository.js';

/**
 * Products with their prices as the shop shows them (`woocommerce_tax_display_shop`), WooCommerce's
 * `wc_get_price_to_display` for a visitor at the shop's base address (its default customer location): while taxes
 * are on, prices entered without tax get the base address's tax added when the shop shows them with tax, and
 * prices entered with tax have it taken out when it shows them without. Otherwise (taxes off, or the display
 * matching how prices are entered) the products come back as they are. A variation is taxed at its own class
 * (`''`/`parent`: its product's), a product's own prices and range at the product's class; products whose tax
 * status is not `taxable` keep their prices.
 */
export async function pricesForShopDisplay(
  options: OptionsStore,
  db: DbOrTrx,
  products: ShopProduct[],
): Promise<ShopProduct[]> {
  const tax = await readTaxOptions(options, db.isTransaction ? db : undefined);
  if (!tax.calcTaxes || products.length === 0) return products;
  const addTax = tax.displayShop === 'incl';
  if (addTax === tax.pricesIncludeTax) return products;
  const ids = products.flatMap((p) => [p.id, ...p.variations.map((v) => v.id)]);
  const [rates, rows] = await Promise.all([findAllTaxRates(db), findProductRows(db, ids)]);
  const classes = new Map(rows.map((r) => [r.id, r.tax_class]));
  const taxable = new Set(rows.filter((r) => r.tax_status === 'taxable').map((r) => r.id));
  const shown = (amount: number, applied: readonly TaxRate[]) => {
    if (applied.length === 0 || amount === 0) return amount;
    const taxes = [...calcTax(amount, applied, !addTax).values()];
    const total = tax.roundAtSubtotal
      ? roundTax(taxes.reduce((s, t) => s + t, 0))
      : taxes.reduce((s, t) => s + roundTax(t), 0);
    return addTax ? amount + total : amount - total;
  };
  return products.map((product) => {
    if (!taxable.has(product.id)) return product;
    const productClass = classOf(classes.get(product.id) ?? '');
    const own = matchRates(rates, tax.baseLocation, productClass);
    return {
      ...product,
      price: shown(product.price, own),
      regular_price: shown(product.regular_price, own),
      sale_price: product.sale_price === null ? null : shown(product.sale_price, own),
      max_price: shown(product.max_price, own),
      variations: product.variations.map((variation) => {
        const stored = classes.get(variation.id) ?? '';
        const applied =
          stored === '' || stored === 'parent' ? own : matchRates(rates, tax.baseLocation, classOf(stored));
        return {
          ...variation,
          price: shown(variation.price, applied),
          regular_price: shown(variation.regular_price, applied),
          sale_price: variation.sale_price === null ? null : shown(variation.sale_price, applied),
        };
      }),
    };
  });
}

// '' and `standard` both name the standard class.
function classOf(taxClass: string): string {
  return taxClass === 'standard' ? '' : taxClass;
}
