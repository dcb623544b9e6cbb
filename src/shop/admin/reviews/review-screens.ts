import type { AdminScreen } from '../../../admin/registry.js';

/** The product reviews moderation screen. */
export const reviewScreens: AdminScreen[] = [];
