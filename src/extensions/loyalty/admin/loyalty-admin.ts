import { __ } from '@wordpress/i18n';
import { registerAdminModule } from '../../../admin/registry.js';

// The loyalty programme's screens: ledger, customers and settings, and its dashboard card.
registerAdminModule({
  name: 'loyalty',
  capability: 'manage_loyalty',
  menus: [
    {
      label: __('Loyalty', 'storeside'),
      order: 20,
      screens: [
        {
          path: 'loyalty/ledger',
          label: __('Points Ledger', 'storeside'),
          load: () => import('./ledger-screen.js'),
        },
        {
          path: 'loyalty/customers',
          label: __('Customers', 'storeside'),
          load: () => import('./customers-screen.js'),
        },
        {
          path: 'loyalty/settings',
          label: __('Settings', 'storeside'),
          load: () => import('./settings-screen.js'),
        },
      ],
    },
  ],
  dashboardCard: () => import('./loyalty-dashboard-card.js'),
});
