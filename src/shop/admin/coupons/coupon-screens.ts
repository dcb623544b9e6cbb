import type { AdminScreen } from '../../../admin/registry.js';

/** The coupons screens (list, form). */
export const couponScreens: AdminScreen[] = [];
