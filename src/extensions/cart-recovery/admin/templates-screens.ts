import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** Cart recovery's Templates screen (each step's e-mail with a live preview). */
export const templatesScreens: AdminScreen[] = [
  {
    path: 'cart-recovery/templates',
    label: __('Templates', 'storeside'),
    load: () => import('./templates-screen.js'),
  },
];
