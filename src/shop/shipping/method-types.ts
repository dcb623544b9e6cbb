import type { FieldErrors } from '../../platform/http/errors.js';
import { parseMoney } from '../catalog/money.js';
import { isValidCost } from './cost-expression.js';

/** The shipping methods the shop offers (WooCommerce's core three). */
export const METHOD_IDS = ['flat_rate', 'free_shipping', 'local_pickup'] as const;
/** One of {@link METHOD_IDS}. */
export type MethodId = (typeof METHOD_IDS)[number];

/** A setting field as WooCommerce describes it (`settings.<id>` of a method instance). */
export interface SettingField {
  id: string;
  label: string;
  description: string;
  type: 'text' | 'select' | 'checkbox' | 'price' | 'title';
  default: string;
  tip: string;
  placeholder: string;
  options?: Record<string, string>;
}

/** A shipping class as the flat-rate settings need it. */
export interface ClassRef {
  id: number;
  name: string;
}

/** Title and description of each method (`/wc/v3/shipping_methods`). */
export const METHOD_INFO: Record<MethodId, { title: string; description: string }> = {
  flat_rate: { title: 'Flat rate', description: 'Lets you charge a fixed rate for shipping.' },
  free_shipping: {
    title: 'Free shipping',
    description: 'Free shipping is a special method which can be triggered with coupons and minimum spends.',
  },
  local_pickup: {
    title: 'Local pickup',
    description: 'Allow customers to pick up orders themselves.',
  },
};

const COST_TIP =
  'Enter a cost (excl. tax) or sum, e.g. 10.00 * [qty]. Use [qty] for the number of items, [cost] for the total cost of items, and [fee percent="10" min_fee="20" max_fee=""] for percentage based fees.';

/** The setting fields of a method (flat rate: one cost per shipping class when classes exist). */
export function settingFields(method: MethodId, classes: readonly ClassRef[]): SettingField[] {
  const field = (f: Partial<SettingField> & Pick<SettingField, 'id' | 'label' | 'type'>): SettingField => ({
    description: '',
    default: '',
    tip: '',
    placeholder: '',
    ...f,
  });
  const title = field({
    id: 'title',
    label: 'Method title',
    type: 'text',
    default: METHOD_INFO[method].title,
  });
  const taxStatus = field({
    id: 'tax_status',
    label: 'Tax status',
    type: 'select',
    default: 'taxable',
    options: { taxable: 'Taxable', none: 'None' },
  });
  if (method === 'free_shipping')
    return [
      title,
      field({
        id: 'requires',
        label: 'Free shipping requires...',
        type: 'select',
        options: {
          '': 'N/A',
          coupon: 'A valid free shipping coupon',
          min_amount: 'A minimum order amount',
          either: 'A minimum order amount OR a coupon',
          both: 'A minimum order amount AND a coupon',
        },
      }),
      field({
        id: 'min_amount',
        label: 'Minimum order amount',
        type: 'price',
        default: '0',
        placeholder: '0',
      }),
      field({
        id: 'ignore_discounts',
        label: 'Coupons discounts',
        description: 'Apply minimum order rule before coupon discount',
        type: 'checkbox',
        default: 'no',
      }),
    ];
  if (method === 'local_pickup')
    return [
      title,
      taxStatus,
      field({ id: 'cost', label: 'Cost', type: 'price', default: '0', placeholder: '0' }),
    ];
  const fields = [
    title,
    taxStatus,
    field({ id: 'cost', label: 'Cost', type: 'text', default: '0', tip: COST_TIP }),
  ];
  if (classes.length === 0) return fields;
  return [
    ...fields,
    field({ id: 'class_costs', label: 'Shipping class costs', type: 'title' }),
    ...classes.map((c) =>
      field({
        id: `class_cost_${c.id}`,
        label: `"${c.name}" shipping class cost`,
        type: 'text',
        tip: COST_TIP,
      }),
    ),
    field({ id: 'no_class_cost', label: 'No shipping class cost', type: 'text', tip: COST_TIP }),
    field({
      id: 'type',
      label: 'Calculation type',
      type: 'select',
      default: 'class',
      options: {
        class: 'Per class: Charge shipping for each shipping class individually',
        order: 'Per order: Charge shipping for the most expensive shipping class',
      },
    }),
  ];
}

/**
 * Checks new setting values (strings, as WooCommerce takes them) against a method's fields; class costs of
 * classes that do not exist are accepted too, so a deleted class never blocks saving. Errors name `settings.<id>`.
 */
export function checkSettings(
  method: MethodId,
  values: Record<string, unknown>,
  classes: readonly ClassRef[],
  minorUnit: number,
): { values: Record<string, string>; errors: FieldErrors } {
  const fields = new Map(settingFields(method, classes).map((f) => [f.id, f]));
  const errors: FieldErrors = {};
  const out: Record<string, string> = {};
  for (const [id, raw] of Object.entries(values)) {
    const key = `settings.${id}`;
    const field =
      fields.get(id) ??
      (method === 'flat_rate' && /^class_cost_\d+$/.test(id) ? settingFields('flat_rate', [])[2] : undefined);
    if (!field || field.type === 'title') {
      errors[key] = { in: `"${id}" is not a setting of ${method}.` };
      continue;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
      errors[key] = { string: `The ${field.label.toLowerCase()} must be a string.` };
      continue;
    }
    const value = typeof raw === 'boolean' ? (raw ? 'yes' : 'no') : String(raw).trim();
    const problem = settingProblem(field, value, minorUnit);
    if (problem) errors[key] = problem;
    else out[id] = value;
  }
  return { values: out, errors };
}

function settingProblem(
  field: SettingField,
  value: string,
  minorUnit: number,
): Record<string, string> | null {
  if (field.options && !(value in field.options))
    return {
      in: `The ${field.label.toLowerCase()} must be one of: ${Object.keys(field.options).join(', ')}.`,
    };
  if (field.type === 'checkbox' && value !== 'yes' && value !== 'no')
    return { in: `The ${field.label.toLowerCase()} must be "yes" or "no".` };
  if (field.type === 'price' && value !== '' && parseMoney(value, minorUnit) === null)
    return { numeric: `The ${field.label.toLowerCase()} must be a non-negative decimal amount.` };
  if (field.id !== 'title' && field.type === 'text' && !isValidCost(value))
    return {
      numeric: `"${value}" is not a valid cost: use numbers, + - * / ( ), [qty], [cost] and [fee percent="" min_fee="" max_fee=""].`,
    };
  if (field.id === 'title' && (value === '' || value.length > 200))
    return { string: 'The method title must be 1 to 200 characters.' };
  return null;
}
