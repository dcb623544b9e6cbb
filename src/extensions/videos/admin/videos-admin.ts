import { __ } from '@wordpress/i18n';
import { registerAdminModule } from '../../../admin/registry.js';

// The product videos screens: the library, products and their galleries, settings, and the setup wizard.
registerAdminModule({
  name: 'videos',
  menus: [
    {
      label: __('Videos', 'storeside'),
      order: 40,
      screens: [
        {
          path: 'videos/library',
          label: __('Video Library', 'storeside'),
          load: () => import('./library-screen.js'),
        },
        {
          path: 'videos/products',
          label: __('Product Videos', 'storeside'),
          load: () => import('./products-screen.js'),
        },
        {
          path: 'videos/settings',
          label: __('Settings', 'storeside'),
          load: () => import('./settings-screen.js'),
        },
        {
          path: 'videos/setup',
          label: __('Set Up Product Videos', 'storeside'),
          hidden: true,
          load: () => import('./setup-screen.js'),
        },
      ],
    },
  ],
});
