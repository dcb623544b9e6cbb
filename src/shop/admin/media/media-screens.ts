import { __ } from '@wordpress/i18n';
import type { AdminScreen } from '../../../admin/registry.js';

/** The media library screen (WordPress's Media → Library), for users who may upload files. */
export const mediaScreens: AdminScreen[] = [
  {
    path: 'media',
    label: __('Library', 'storeside'),
    capability: 'upload_files',
    load: () => import('./media-library-screen.js'),
  },
];
