import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** The products menu's screens (list, editor, categories); `products/:id` comes last so it never shadows the others. */
export const productScreens: AdminScreen[] = [
  { path: 'products', label: __('Products', 'storeside'), load: () => import('./products-screen.js') },
  {
    path: 'products/new',
    label: __('Add New Product', 'storeside'),
    load: () => import('./product-edit-screen.js'),
  },
  {
    path: 'products/categories',
    label: __('Categories', 'storeside'),
    load: () => import('./categories-screen.js'),
  },
  {
    path: 'products/:id',
    label: __('Edit Product', 'storeside'),
    hidden: true,
    load: () => import('./product-edit-screen.js'),
  },
];
