import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** WooCommerce → Settings → Emails: the shop's e-mails (on/off, recipients) and each one's settings and preview. */
export const emailScreens: AdminScreen[] = [
  {
    path: 'shop/emails',
    label: __('Emails', 'storeside'),
    capability: 'manage_woocommerce',
    load: () => import('./emails-screen.js'),
  },
  {
    path: 'shop/emails/:id',
    label: __('Email', 'storeside'),
    capability: 'manage_woocommerce',
    hidden: true,
    load: () => import('./email-screen.js'),
  },
];
