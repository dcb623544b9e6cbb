import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** Cart recovery's configuration screens (Sequence, Offers, Settings, Agent Access, the setup wizard). */
export const configurationScreens: AdminScreen[] = [
  {
    path: 'cart-recovery/sequence',
    label: __('Sequence', 'storeside'),
    load: () => import('./sequence-screen.js'),
  },
  {
    path: 'cart-recovery/offers',
    label: __('Offers', 'storeside'),
    load: () => import('./offers-screen.js'),
  },
  {
    path: 'cart-recovery/settings',
    label: __('Settings', 'storeside'),
    load: () => import('./cr-settings-screen.js'),
  },
  {
    path: 'cart-recovery/agent-access',
    label: __('Agent Access', 'storeside'),
    load: () => import('./agent-access-screen.js'),
  },
  {
    path: 'cart-recovery/setup',
    label: __('Setup Wizard', 'storeside'),
    load: () => import('./setup-wizard-screen.js'),
  },
];
