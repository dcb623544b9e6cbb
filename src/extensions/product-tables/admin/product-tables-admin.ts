import { __ } from '@wordpress/i18n';
import { registerAdminModule } from '../../../admin/registry.js';

// The product-table builder: the tables list, the Create Table wizard, the editor, settings and the activity log.
registerAdminModule({
  name: 'product_tables',
  menus: [
    {
      label: __('Product Tables', 'storeside'),
      order: 30,
      screens: [
        {
          path: 'product-tables/tables',
          label: __('All Tables', 'storeside'),
          load: () => import('./tables-screen.js'),
        },
        {
          path: 'product-tables/new',
          label: __('Create Table', 'storeside'),
          load: () => import('./table-wizard-screen.js'),
        },
        {
          path: 'product-tables/tables/:id',
          label: __('Edit Table', 'storeside'),
          hidden: true,
          load: () => import('./table-editor-screen.js'),
        },
        {
          path: 'product-tables/settings',
          label: __('Settings', 'storeside'),
          load: () => import('./settings-screen.js'),
        },
        {
          path: 'product-tables/logs',
          label: __('Activity Log', 'storeside'),
          load: () => import('./logs-screen.js'),
        },
      ],
    },
  ],
});
