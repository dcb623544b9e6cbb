import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** The product reviews moderation screen. */
export const reviewScreens: AdminScreen[] = [
  { path: 'shop/reviews', label: __('Reviews', 'storeside'), load: () => import('./reviews-screen.js') },
];
