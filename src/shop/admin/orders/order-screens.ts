import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** The orders screens (list, an order, its refunds). */
export const orderScreens: AdminScreen[] = [
  { path: 'shop/orders', label: __('Orders', 'storeside'), load: () => import('./orders-screen.js') },
  {
    path: 'shop/orders/:id',
    label: __('Order', 'storeside'),
    hidden: true,
    load: () => import('./order-screen.js'),
  },
];
