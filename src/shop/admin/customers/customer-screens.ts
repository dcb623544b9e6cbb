import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** The customers screens (list, a customer). */
export const customerScreens: AdminScreen[] = [
  {
    path: 'shop/customers',
    label: __('Customers', 'storeside'),
    load: () => import('./customers-screen.js'),
  },
  {
    path: 'shop/customers/:id',
    label: __('Customer', 'storeside'),
    hidden: true,
    load: () => import('./customer-screen.js'),
  },
];
