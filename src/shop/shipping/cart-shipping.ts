import type { OrderShippingLine } from '../orders/order-records.js';
import type { ShippingConfig } from './shipping-config.js';
import type { PackageAddress } from './store-base.js';
import { type PackageLine, packageRates, type ShippingRate } from './shipping-rates.js';
import { type Destination, matchZone } from './zone-matching.js';

/** A cart line as shipping sees it (money in minor units, after coupons). */
export interface ShippableLine {
  key: string;
  name: string;
  quantity: number;
  lineTotal: number;
  virtual: boolean;
  shippingClass: string;
}

/** A shipping address as carts keep it (Store API field names). */
export type { PackageAddress };

/** One package of a cart: where it goes, what it holds, the rates offered and the one chosen. */
export interface ShippingPackage {
  package_id: number;
  destination: PackageAddress;
  items: Array<{ key: string; name: string; quantity: number }>;
  rates: ShippingRate[];
  /** The chosen rate id (the first rate unless the shopper chose another still offered), null when none. */
  selected: string | null;
}

/** Shipping of a cart: whether it needs any, its packages, and what the chosen rates charge. */
export interface CartShipping {
  needsShipping: boolean;
  /** True when the destination came from the shopper (not the store's base country). */
  calculated: boolean;
  packages: ShippingPackage[];
  total: number;
  /** The chosen rate of each package, as the order's shipping lines. */
  lines: OrderShippingLine[];
}

/** No shipping: nothing to ship, or a shop with no enabled shipping method anywhere (it charges none). */
export const NO_SHIPPING: CartShipping = {
  needsShipping: false,
  calculated: false,
  packages: [],
  total: 0,
  lines: [],
};

/**
 * The shipping step of a cart (one package, as WooCommerce's default): the lines that need shipping (not virtual)
 * go to `destination` (the shopper's, else `fallback`, the store's base location), the zone serving it is found,
 * and its enabled methods give the rates; the chosen one (by package id) is kept while it is still offered.
 */
export function cartShipping(input: {
  config: ShippingConfig;
  lines: ShippableLine[];
  destination: PackageAddress | null;
  fallback: PackageAddress | null;
  chosen: readonly string[];
  itemsSubtotal: number;
  discount: number;
  freeShippingCoupon: boolean;
  minorUnit: number;
}): CartShipping {
  const shipped = input.lines.filter((l) => !l.virtual);
  if (!input.config.active || shipped.length === 0) return NO_SHIPPING;
  const destination = input.destination ?? input.fallback;
  const empty = { ...NO_SHIPPING, needsShipping: true, calculated: input.destination !== null };
  if (!destination) return empty;
  const lines: PackageLine[] = shipped.map((l) => ({
    key: l.key,
    name: l.name,
    quantity: l.quantity,
    lineTotal: l.lineTotal,
    classId: input.config.classIds.get(l.shippingClass) ?? 0,
  }));
  const zoneId = matchZone(input.config.zones, toDestination(destination));
  const rates = packageRates(lines, input.config.methods.get(zoneId) ?? [], {
    itemsSubtotal: input.itemsSubtotal,
    discount: input.discount,
    freeShippingCoupon: input.freeShippingCoupon,
    minorUnit: input.minorUnit,
  });
  const chosen = rates.find((r) => r.rate_id === input.chosen[0]) ?? rates[0] ?? null;
  const pack: ShippingPackage = {
    package_id: 0,
    destination,
    items: shipped.map((l) => ({ key: l.key, name: l.name, quantity: l.quantity })),
    rates,
    selected: chosen?.rate_id ?? null,
  };
  const orderLines = chosen
    ? [
        {
          method_id: chosen.method_id,
          method_title: chosen.name,
          instance_id: chosen.instance_id,
          total: chosen.price,
        },
      ]
    : [];
  return { ...empty, packages: [pack], total: chosen?.price ?? 0, lines: orderLines };
}

/**
 * True when checkout must be refused (the Store API's 400 `woocommerce_rest_invalid_shipping_option`, "Sorry,
 * this order requires a shipping option."): the cart needs shipping and a package has no rate for its address.
 */
export function lacksShippingOption(shipping: CartShipping): boolean {
  return (
    shipping.needsShipping &&
    (shipping.packages.length === 0 || shipping.packages.some((p) => p.selected === null))
  );
}

function toDestination(address: PackageAddress): Destination {
  return { country: address.country, state: address.state, postcode: address.postcode };
}
