import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** Settings → General (the store's address, selling and shipping locations, taxes) and Settings → Payments. */
export const settingsScreens: AdminScreen[] = [
  {
    path: 'shop/settings',
    label: __('Settings', 'storeside'),
    load: () => import('./general-settings-screen.js'),
  },
  {
    path: 'shop/settings/payments',
    label: __('Payments', 'storeside'),
    capability: 'manage_woocommerce',
    load: () => import('./payments-screen.js'),
  },
  {
    path: 'shop/settings/payments/:id',
    label: __('Payment method', 'storeside'),
    capability: 'manage_woocommerce',
    hidden: true,
    load: () => import('./payment-gateway-screen.js'),
  },
];
