import type { AdminScreen } from '../../../admin/registry.js';

/** The orders screens (list, an order, its refunds). */
export const orderScreens: AdminScreen[] = [];
