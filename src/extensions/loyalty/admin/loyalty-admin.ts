import { __ } from '@wordpress/i18n';
import { registerAdminModule } from '../../../admin/registry.js';

// The loyalty programme's screens (ledger, customers, settings), its dashboard card, and its panels on the shop's
// order and customer screens (an order's points, a customer's balance).
registerAdminModule({
  name: 'loyalty',
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
  orderPanels: [{ id: 'order-points', load: () => import('./order-points-panel.js') }],
  customerPanels: [{ id: 'customer-points', load: () => import('./customer-loyalty-panel.js') }],
  customerColumns: [
    {
      id: 'points-balance',
      label: __('Points balance', 'storeside'),
      numeric: true,
      load: () => import('./points-balance-column.js'),
    },
  ],
});
