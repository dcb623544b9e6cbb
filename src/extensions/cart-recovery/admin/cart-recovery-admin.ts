import { __ } from '@wordpress/i18n';
import { registerAdminModule } from '../../../admin/registry.js';
import { gateClosedHelp } from './agent-gates.js';
import { configurationScreens } from './configuration-screens.js';
import { templatesScreens } from './templates-screens.js';

// Cart recovery in the admin: its screens (overview, sessions and a session's timeline, e-mails) and its panel
// on the shop's order screen (whether the order recovered an abandoned cart).
registerAdminModule({
  name: 'cartrecovery',
  menus: [
    {
      label: __('Cart Recovery', 'storeside'),
      order: 50,
      screens: [
        {
          path: 'cart-recovery',
          label: __('Overview', 'storeside'),
          load: () => import('./overview-screen.js'),
        },
        {
          path: 'cart-recovery/sessions',
          label: __('Sessions', 'storeside'),
          load: () => import('./sessions-screen.js'),
        },
        {
          path: 'cart-recovery/sessions/:id',
          label: __('Session', 'storeside'),
          hidden: true,
          load: () => import('./session-screen.js'),
        },
        {
          path: 'cart-recovery/emails',
          label: __('E-mails', 'storeside'),
          load: () => import('./emails-screen.js'),
        },
        ...configurationScreens,
        ...templatesScreens,
      ],
    },
  ],
  orderPanels: [{ id: 'order-recovery', load: () => import('./order-recovery-panel.js') }],
  errorHelp: { cartrecovery_agent_disabled: gateClosedHelp },
});
