import type { Purchasable } from '../catalog/purchasables.js';
import { slugify } from '../catalog/slugs.js';
import type { ShopCart, ShopCartTaxes, ShopTaxLine } from '../shop-api.js';
import type { TaxOptions } from './tax-options.js';
import type { TaxLocation, TaxRate } from './tax-rates.js';
import { calculateTaxes, type TaxableShippingLine, type TaxLineTotal } from './tax-step.js';

/** A customer's addresses as far as they are known (country, state, postcode, city). */
export interface CustomerAddresses {
  billing?: Partial<TaxLocation>;
  shipping?: Partial<TaxLocation>;
}

/**
 * Where tax is charged (`woocommerce_tax_based_on`): the shop's base address, the billing address, or the
 * shipping address (the billing one when no shipping address is known); an address without a country falls back
 * to the shop's base address, as WooCommerce's default customer location does.
 */
export function taxLocation(options: TaxOptions, addresses: CustomerAddresses): TaxLocation {
  const complete = (a: Partial<TaxLocation> | undefined): TaxLocation | null =>
    a?.country
      ? { country: a.country, state: a.state ?? '', postcode: a.postcode ?? '', city: a.city ?? '' }
      : null;
  if (options.taxBasedOn === 'base') return options.baseLocation;
  const billing = complete(addresses.billing);
  const shipping = options.taxBasedOn === 'shipping' ? complete(addresses.shipping) : null;
  return shipping ?? billing ?? options.baseLocation;
}

/**
 * A computed cart with its taxes (the tax step applied to its item lines and the given shipping lines): line
 * amounts without tax (prices entered with tax have it taken out), `taxes` filled, and the total made of the
 * lines, fees, shipping and taxes.
 */
export function taxCart(input: {
  cart: ShopCart;
  products: ReadonlyMap<string, Purchasable>;
  shipping: readonly TaxableShippingLine[];
  rates: readonly TaxRate[];
  options: TaxOptions;
  location: TaxLocation;
}): ShopCart {
  const { cart, products, options } = input;
  const result = calculateTaxes({
    lines: cart.items.map((item) => {
      const product = products.get(item.key);
      return {
        key: item.key,
        subtotal: item.line_subtotal,
        total: item.line_total,
        taxClass: product?.taxClass ?? '',
        taxStatus: product?.taxStatus ?? 'taxable',
        needsShipping: !(product?.virtual ?? false),
      };
    }),
    shipping: input.shipping,
    rates: input.rates,
    location: input.location,
    baseLocation: options.baseLocation,
    settings: {
      pricesIncludeTax: options.pricesIncludeTax,
      roundAtSubtotal: options.roundAtSubtotal,
      shippingTaxClass: options.shippingTaxClass,
      classOrder: options.classNames.map(slugify),
    },
  });
  const items = cart.items.map((item) => {
    const taxed = result.lines.get(item.key)!;
    return { ...item, line_subtotal: taxed.subtotal, line_total: taxed.total };
  });
  const totalItems = items.reduce((s, i) => s + i.line_subtotal, 0);
  const linesTotal = items.reduce((s, i) => s + i.line_total, 0);
  const shippingTotal = input.shipping.reduce((s, l) => s + l.total, 0);
  const taxes: ShopCartTaxes = {
    prices_include_tax: options.pricesIncludeTax,
    display_cart: options.displayCart,
    tax_total_display: options.totalDisplay,
    items: Object.fromEntries(
      [...result.lines].map(([key, line]) => [
        key,
        {
          subtotal_tax: line.subtotalTax,
          total_tax: line.totalTax,
          taxes: [...line.taxes].map(([id, t]) => ({ id, subtotal: t.subtotal, total: t.total })),
        },
      ]),
    ),
    shipping: input.shipping.map((line) => {
      const taxed = result.shipping.get(line.key)!;
      return {
        key: line.key,
        total: line.total,
        total_tax: taxed.totalTax,
        taxes: [...taxed.taxes].map(([id, total]) => ({ id, total })),
      };
    }),
    tax_lines: result.taxLines.map(taxLineOf),
    cart_tax: result.cartTax,
    shipping_tax: result.shippingTax,
    items_subtotal_tax: result.subtotalTax,
    discount_tax: result.subtotalTax - [...result.lines.values()].reduce((s, l) => s + l.totalTax, 0),
  };
  const totalTax = result.cartTax + result.shippingTax;
  return {
    ...cart,
    items,
    taxes,
    totals: {
      ...cart.totals,
      total_items: totalItems,
      total_discount: totalItems - linesTotal,
      total_shipping: shippingTotal,
      total_tax: totalTax,
      total_price: Math.max(0, linesTotal + cart.totals.total_fees + shippingTotal + totalTax),
    },
  };
}

/** WooCommerce's rate code: country, state, name (or `TAX`) and priority, the empty ones left out. */
export function rateCode(rate: TaxRate): string {
  return [rate.country, rate.state, rate.name || 'TAX', rate.priority || '']
    .filter((part) => part !== '')
    .join('-')
    .toUpperCase();
}

function taxLineOf(line: TaxLineTotal): ShopTaxLine {
  return {
    rate_id: line.rate.id,
    rate_code: rateCode(line.rate),
    label: line.rate.name || 'Tax',
    compound: line.rate.compound,
    rate_percent: line.rate.rateE4 / 10_000,
    tax_total: line.taxTotal,
    shipping_tax_total: line.shippingTaxTotal,
  };
}
