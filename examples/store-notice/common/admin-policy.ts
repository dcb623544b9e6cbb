import type { AuthPolicy } from '../../../src/platform/auth/principal.js';

/** The capability of the store notice's admin: its routes and its admin screen (the manifest's `admin`). */
export const ADMIN_CAPABILITY = 'manage_store_notice';

/** Every `storenotice/v1` route: capability `manage_store_notice` and a valid nonce on every call. */
export const ADMIN_POLICY: AuthPolicy = {
  access: 'capability',
  capability: ADMIN_CAPABILITY,
  nonce: 'always',
};
