import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** The coupons screens: the list, Add Coupon and Edit Coupon (both reached from the list). */
export const couponScreens: AdminScreen[] = [
  { path: 'shop/coupons', label: __('Coupons', 'storeside'), load: () => import('./coupon-list-screen.js') },
  {
    path: 'shop/coupons/new',
    label: __('Add Coupon', 'storeside'),
    hidden: true,
    load: () => import('./coupon-form-screen.js'),
  },
  {
    path: 'shop/coupons/:id',
    label: __('Edit Coupon', 'storeside'),
    hidden: true,
    load: () => import('./coupon-form-screen.js'),
  },
];
