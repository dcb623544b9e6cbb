import { registerAdminModule } from '../../../admin/registry.js';

// Cart recovery in the admin: its panel on the shop's order screen (whether the order recovered an abandoned cart).
registerAdminModule({
  name: 'cartrecovery',
  capability: 'manage_shop',
  menus: [],
  orderPanels: [{ id: 'order-recovery', load: () => import('./order-recovery-panel.js') }],
});
