import type { SettingDefinition } from './setting-definitions.js';

/** WooCommerce's Settings → Tax fields (group `tax`); the tax calculation adds its display and rounding ones here. */
export const TAX_SETTINGS: readonly SettingDefinition[] = [
  {
    id: 'woocommerce_prices_include_tax',
    label: 'Prices entered with tax',
    description:
      'This option is important as it will affect how you input prices. Changing it will not update existing products.',
    type: 'radio',
    default: 'no',
    options: () => ({
      yes: 'Yes, I will enter prices inclusive of tax',
      no: 'No, I will enter prices exclusive of tax',
    }),
  },
  {
    id: 'woocommerce_tax_based_on',
    label: 'Calculate tax based on',
    description: 'This option determines which address is used to calculate tax.',
    type: 'select',
    default: 'shipping',
    options: () => ({
      shipping: 'Customer shipping address',
      billing: 'Customer billing address',
      base: 'Shop base address',
    }),
  },
];
