import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** WooCommerce → Settings → Tax: the Tax options section, and one section of rates per tax class. */
export const taxScreens: AdminScreen[] = [
  {
    path: 'shop/settings/tax',
    label: __('Tax', 'storeside'),
    capability: 'manage_woocommerce',
    load: () => import('./tax-options-screen.js'),
  },
  {
    path: 'shop/settings/tax/:class',
    label: __('Tax rates', 'storeside'),
    capability: 'manage_woocommerce',
    hidden: true,
    load: () => import('./tax-rates-screen.js'),
  },
];
