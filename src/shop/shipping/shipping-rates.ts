import { parseMoney } from '../catalog/money.js';
import { costToMinor, evaluateCost } from './cost-expression.js';
import { type MethodId, settingFields } from './method-types.js';

/** A line of a shipping package (money in minor units; class 0 = no shipping class). */
export interface PackageLine {
  key: string;
  name: string;
  quantity: number;
  lineTotal: number;
  classId: number;
}

/** A method instance of the matched zone. */
export interface RateMethod {
  instance_id: number;
  method_id: MethodId;
  enabled: boolean;
  settings: Record<string, string>;
}

/** One rate offered for a package (price in minor units). */
export interface ShippingRate {
  rate_id: string;
  instance_id: number;
  method_id: MethodId;
  name: string;
  price: number;
}

/** What the rates of a package depend on besides its lines. */
export interface RateContext {
  /** Items before coupons, and the discount the coupons took (minor units). */
  itemsSubtotal: number;
  discount: number;
  /** True when an applied coupon grants free shipping. */
  freeShippingCoupon: boolean;
  minorUnit: number;
}

/** The rates the enabled methods of a zone offer for a package, in method order (free shipping only when allowed). */
export function packageRates(
  lines: PackageLine[],
  methods: RateMethod[],
  context: RateContext,
): ShippingRate[] {
  const rates: ShippingRate[] = [];
  for (const method of methods) {
    if (!method.enabled) continue;
    const setting = (id: string) => settingOf(method, id);
    const price =
      method.method_id === 'flat_rate'
        ? flatRateCost(lines, method, context.minorUnit)
        : method.method_id === 'local_pickup'
          ? (parseMoney(setting('cost') || '0', context.minorUnit) ?? 0)
          : freeShippingAllowed(method, context)
            ? 0
            : null;
    if (price === null) continue;
    rates.push({
      rate_id: `${method.method_id}:${method.instance_id}`,
      instance_id: method.instance_id,
      method_id: method.method_id,
      name: setting('title'),
      price,
    });
  }
  return rates;
}

/** A setting's value, or its field's default when never saved. */
export function settingOf(method: Pick<RateMethod, 'method_id' | 'settings'>, id: string): string {
  const saved = method.settings[id];
  if (saved !== undefined) return saved;
  return settingFields(method.method_id, []).find((f) => f.id === id)?.default ?? '';
}

/**
 * Flat rate as WooCommerce computes it: the cost over the whole package (`[qty]`, `[cost]`, `[fee]`), plus the
 * class costs — each class present (lines without a class under `no_class_cost`) evaluated over its own lines;
 * summed (`type` "class") or the dearest only ("order"). A class whose cost is empty adds nothing.
 */
export function flatRateCost(lines: PackageLine[], method: RateMethod, minorUnit: number): number {
  const major = (minor: number) => minor / 10 ** minorUnit;
  const sumOf = (group: PackageLine[]) => ({
    qty: group.reduce((n, l) => n + l.quantity, 0),
    cost: major(group.reduce((n, l) => n + l.lineTotal, 0)),
  });
  let total = evaluateCost(settingOf(method, 'cost'), sumOf(lines)) ?? 0;
  const classIds = [...new Set(lines.map((l) => l.classId))];
  const classCosts: number[] = [];
  for (const classId of classIds) {
    const text = settingOf(method, classId === 0 ? 'no_class_cost' : `class_cost_${classId}`);
    if (text === '') continue;
    classCosts.push(evaluateCost(text, sumOf(lines.filter((l) => l.classId === classId))) ?? 0);
  }
  if (classCosts.length > 0)
    total +=
      settingOf(method, 'type') === 'order' ? Math.max(...classCosts) : classCosts.reduce((a, b) => a + b, 0);
  return Math.max(0, costToMinor(total, minorUnit));
}

/**
 * WooCommerce's free shipping rule: `requires` nothing, a free-shipping coupon, a minimum amount (on the items
 * after coupons, or before them with `ignore_discounts`), either, or both.
 */
function freeShippingAllowed(method: RateMethod, context: RateContext): boolean {
  const requires = settingOf(method, 'requires');
  const minimum = parseMoney(settingOf(method, 'min_amount') || '0', context.minorUnit) ?? 0;
  const base =
    settingOf(method, 'ignore_discounts') === 'yes'
      ? context.itemsSubtotal
      : context.itemsSubtotal - context.discount;
  const hasMinimum = base >= minimum;
  if (requires === 'coupon') return context.freeShippingCoupon;
  if (requires === 'min_amount') return hasMinimum;
  if (requires === 'either') return hasMinimum || context.freeShippingCoupon;
  if (requires === 'both') return hasMinimum && context.freeShippingCoupon;
  return true;
}
