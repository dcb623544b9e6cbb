import type { AuthPolicy } from '../../../platform/auth/principal.js';

/** The capability of the videos admin: its routes and its admin screens (the manifest's `admin`). */
export const ADMIN_CAPABILITY = 'manage_videos';

/** Every `videos/v1` and `videos-pro/v1` route: capability `manage_videos` and a valid nonce on each call. */
export const ADMIN_POLICY: AuthPolicy = {
  access: 'capability',
  capability: ADMIN_CAPABILITY,
  nonce: 'always',
};
