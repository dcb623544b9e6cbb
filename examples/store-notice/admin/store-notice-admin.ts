import { __ } from '@wordpress/i18n';
import { registerAdminModule } from '../../../src/admin/registry.js';

// The store notice's one screen; the capability it needs comes from the manifest through the boot object.
registerAdminModule({
  name: 'store_notice',
  menus: [
    {
      label: __('Store Notice', 'storeside'),
      order: 65,
      screens: [
        {
          path: 'store-notice',
          label: __('Store Notice', 'storeside'),
          load: () => import('./settings-screen.js'),
        },
      ],
    },
  ],
});
