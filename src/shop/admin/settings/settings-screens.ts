import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** Settings → General: the store's address, selling and shipping locations, and taxes. */
export const settingsScreens: AdminScreen[] = [
  {
    path: 'shop/settings',
    label: __('Settings', 'storeside'),
    load: () => import('./general-settings-screen.js'),
  },
];
