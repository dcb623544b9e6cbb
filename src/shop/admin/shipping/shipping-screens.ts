import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** WooCommerce → Settings → Shipping: zones (list and editor) and shipping classes. */
export const shippingScreens: AdminScreen[] = [
  {
    path: 'shop/shipping',
    label: __('Shipping', 'storeside'),
    capability: 'manage_woocommerce',
    load: () => import('./zones-screen.js'),
  },
  {
    path: 'shop/shipping/zones/:id',
    label: __('Shipping zone', 'storeside'),
    capability: 'manage_woocommerce',
    hidden: true,
    load: () => import('./zone-screen.js'),
  },
  {
    path: 'shop/shipping/classes',
    label: __('Shipping classes', 'storeside'),
    capability: 'manage_woocommerce',
    load: () => import('./classes-screen.js'),
  },
];
