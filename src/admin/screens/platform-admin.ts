import { __ } from '@wordpress/i18n';
import { registerAdminModule } from '../registry.js';

// The platform's own screens: Users (list, add, edit with application passwords) and Tools (jobs, outbox, erase personal data).
registerAdminModule({
  name: 'platform',
  menus: [
    {
      label: __('Users', 'storeside'),
      order: 70,
      screens: [
        { path: 'users', label: __('Users', 'storeside'), load: () => import('./users-screen.js') },
        {
          path: 'users/new',
          label: __('Add New User', 'storeside'),
          capability: 'create_users',
          load: () => import('./user-new-screen.js'),
        },
        {
          path: 'users/:id',
          label: __('Edit User', 'storeside'),
          capability: 'edit_users',
          hidden: true,
          load: () => import('./user-edit-screen.js'),
        },
      ],
    },
    {
      label: __('Tools', 'storeside'),
      order: 80,
      screens: [
        {
          path: 'tools/jobs',
          label: __('Jobs', 'storeside'),
          capability: 'manage_options',
          load: () => import('./jobs-screen.js'),
        },
        {
          path: 'tools/outbox',
          label: __('Outbox', 'storeside'),
          capability: 'manage_options',
          load: () => import('./outbox-screen.js'),
        },
        {
          path: 'tools/erase-personal-data',
          label: __('Erase Personal Data', 'storeside'),
          capability: 'erase_others_personal_data',
          load: () => import('./erase-personal-data-screen.js'),
        },
      ],
    },
  ],
});
