import type { AdminScreen } from '../../../admin/registry.js';

/** The products menu's screens (list, editor, categories). */
export const productScreens: AdminScreen[] = [];
