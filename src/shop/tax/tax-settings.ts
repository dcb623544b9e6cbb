import type { Static } from '@sinclair/typebox';
import type { DbOrTrx } from '../../platform/db/database.js';
import { invalid, NotFoundError } from '../../platform/http/errors.js';
import type { OptionsStore } from '../../platform/options/options.js';
import { slugify } from '../catalog/slugs.js';
import { listTaxClasses, writeClassNames } from './tax-classes.service.js';
import { classNamesOf, DEFAULT_TAX_CLASSES } from './tax-options.js';
import type { TaxSettingResponse } from './tax.schemas.js';

/** One setting of WooCommerce's Tax tab. */
interface TaxSettingDefinition {
  id: string;
  label: string;
  description: string;
  type: 'checkbox' | 'select' | 'radio' | 'textarea';
  default: string;
  tip: string;
}

/** The Tax-tab settings this shop keeps (WooCommerce's ids, labels and defaults). */
export const TAX_SETTINGS: readonly TaxSettingDefinition[] = [
  {
    id: 'woocommerce_prices_include_tax',
    label: 'Prices entered with tax',
    description:
      'This option is important as it will affect how you input prices. Changing it will not update existing products.',
    type: 'radio',
    default: 'no',
    tip: '',
  },
  {
    id: 'woocommerce_tax_based_on',
    label: 'Calculate tax based on',
    description: 'This option determines which address is used to calculate tax.',
    type: 'select',
    default: 'shipping',
    tip: '',
  },
  {
    id: 'woocommerce_shipping_tax_class',
    label: 'Shipping tax class',
    description: '',
    type: 'select',
    default: 'inherit',
    tip: 'Optionally control which tax class shipping gets, or leave it so shipping tax is based on the cart items themselves.',
  },
  {
    id: 'woocommerce_tax_round_at_subtotal',
    label: 'Rounding',
    description: 'Round tax at subtotal level, instead of rounding per line',
    type: 'checkbox',
    default: 'no',
    tip: '',
  },
  {
    id: 'woocommerce_tax_classes',
    label: 'Additional tax classes',
    description: '',
    type: 'textarea',
    default: DEFAULT_TAX_CLASSES,
    tip: 'List additional tax classes you need below (1 per line, e.g. Reduced Rates). These are in addition to "Standard rate" which exists by default.',
  },
  {
    id: 'woocommerce_tax_display_shop',
    label: 'Display prices in the shop',
    description: '',
    type: 'select',
    default: 'excl',
    tip: '',
  },
  {
    id: 'woocommerce_tax_display_cart',
    label: 'Display prices during cart and checkout',
    description: '',
    type: 'select',
    default: 'excl',
    tip: '',
  },
  {
    id: 'woocommerce_tax_total_display',
    label: 'Display tax totals',
    description: '',
    type: 'select',
    default: 'itemized',
    tip: '',
  },
];

const DISPLAY = { incl: 'Including tax', excl: 'Excluding tax' };

/** Every Tax-tab setting with its current value, in WooCommerce's setting shape. */
export async function listTaxSettings(
  options: OptionsStore,
  publicUrl: string,
): Promise<Array<Static<typeof TaxSettingResponse>>> {
  return Promise.all(TAX_SETTINGS.map((d) => settingView(options, d, publicUrl)));
}

/** One Tax-tab setting; unknown id → 404 `rest_setting_setting_invalid`. */
export async function readTaxSetting(
  options: OptionsStore,
  id: string,
  publicUrl: string,
): Promise<Static<typeof TaxSettingResponse>> {
  return settingView(options, requireDefinition(id), publicUrl);
}

/**
 * Stores a Tax-tab setting's value: a checkbox takes `yes`/`no`, a select one of its options (else 400 naming
 * `value`); changing `woocommerce_tax_classes` removes the rates of classes no longer listed.
 */
export async function writeTaxSetting(
  options: OptionsStore,
  db: DbOrTrx,
  input: { id: string; value: string; publicUrl: string },
): Promise<Static<typeof TaxSettingResponse>> {
  const definition = requireDefinition(input.id);
  const value = input.value.trim();
  if (definition.type === 'textarea') {
    const names = classNamesOf(value);
    const slugs = names.map(slugify);
    if (slugs.includes('standard') || new Set(slugs).size !== slugs.length)
      throw invalid('value', 'distinct', 'Each tax class needs its own name, and "Standard" exists already.');
    await db.transaction().execute((trx) => writeClassNames(options, trx, names));
  } else {
    const allowed = Object.keys(await optionsOf(options, definition));
    if (!allowed.includes(value))
      throw invalid('value', 'in', `The value of ${definition.id} must be one of: ${allowed.join(', ')}.`);
    await options.set(definition.id, value, db);
  }
  return settingView(options, definition, input.publicUrl);
}

function requireDefinition(id: string): TaxSettingDefinition {
  const found = TAX_SETTINGS.find((d) => d.id === id);
  if (!found) throw new NotFoundError('rest_setting_setting_invalid', 'Invalid setting.', { id });
  return found;
}

async function optionsOf(options: OptionsStore, d: TaxSettingDefinition): Promise<Record<string, string>> {
  if (d.type === 'checkbox') return { yes: 'Yes', no: 'No' };
  if (d.id === 'woocommerce_shipping_tax_class') {
    const classes = await listTaxClasses(options);
    return {
      inherit: 'Shipping tax class based on cart items',
      '': 'Standard',
      ...Object.fromEntries(classes.slice(1).map((c) => [c.slug, c.name])),
    };
  }
  if (d.id === 'woocommerce_tax_total_display') return { single: 'As a single total', itemized: 'Itemized' };
  if (d.id === 'woocommerce_prices_include_tax')
    return {
      yes: 'Yes, I will enter prices inclusive of tax',
      no: 'No, I will enter prices exclusive of tax',
    };
  if (d.id === 'woocommerce_tax_based_on')
    return {
      shipping: 'Customer shipping address',
      billing: 'Customer billing address',
      base: 'Shop base address',
    };
  return DISPLAY;
}

async function settingView(
  options: OptionsStore,
  d: TaxSettingDefinition,
  publicUrl: string,
): Promise<Static<typeof TaxSettingResponse>> {
  const stored = await options.get<unknown>(d.id, d.default);
  const base = `${publicUrl}/wp-json/wc/v3/settings/tax`;
  return {
    id: d.id,
    label: d.label,
    description: d.description,
    type: d.type,
    default: d.default,
    ...(d.type === 'select' || d.type === 'radio' ? { options: await optionsOf(options, d) } : {}),
    tip: d.tip,
    value: typeof stored === 'string' ? stored : d.default,
    group_id: 'tax',
    _links: { self: [{ href: `${base}/${d.id}` }], collection: [{ href: base }] },
  };
}
