import type { AuthPolicy } from '../../../platform/auth/principal.js';

/** Administrator routes of `loyalty/v1`: capability `manage_loyalty` and a valid nonce on every call. */
export const ADMIN_POLICY: AuthPolicy = {
  access: 'capability',
  capability: 'manage_loyalty',
  nonce: 'always',
};
