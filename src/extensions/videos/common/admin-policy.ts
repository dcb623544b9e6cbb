import type { AuthPolicy } from '../../../platform/auth/principal.js';

/** Every `videos/v1` and `videos-pro/v1` route: capability `manage_videos` and a valid nonce on each call. */
export const VIDEOS_POLICY: AuthPolicy = {
  access: 'capability',
  capability: 'manage_videos',
  nonce: 'always',
};
