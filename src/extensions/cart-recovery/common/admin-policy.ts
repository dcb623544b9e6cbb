import type { AuthPolicy } from '../../../platform/auth/principal.js';

/** The capability of the cart-recovery admin: its admin routes and its admin screens (the manifest's `admin`). */
export const ADMIN_CAPABILITY = 'manage_shop';

/** Admin routes: capability `manage_shop`; a nonce when the caller uses the login cookie. */
export const ADMIN_POLICY: AuthPolicy = {
  access: 'capability',
  capability: ADMIN_CAPABILITY,
  nonce: 'cookie',
};
