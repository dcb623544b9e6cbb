import type { AuthPolicy } from '../../../platform/auth/principal.js';

/** The capability of the loyalty admin: its routes, its MCP tools and its admin screens (the manifest's `admin`). */
export const ADMIN_CAPABILITY = 'manage_loyalty';

/** Administrator routes of `loyalty/v1`: capability `manage_loyalty` and a valid nonce on every call. */
export const ADMIN_POLICY: AuthPolicy = {
  access: 'capability',
  capability: ADMIN_CAPABILITY,
  nonce: 'always',
};
