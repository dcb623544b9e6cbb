import type { AuthPolicy } from '../../../platform/auth/principal.js';

/** Admin routes: capability `manage_shop`; a nonce when the caller uses the login cookie. */
export const ADMIN_POLICY: AuthPolicy = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' };
