import type { AdminScreen } from '../../../admin/registry.js';

/** The customers screens (list, a customer). */
export const customerScreens: AdminScreen[] = [];
