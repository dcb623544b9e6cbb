import type { AuthPolicy } from '../../../platform/auth/principal.js';

/** Every admin route of `producttables/v1`: `manage_options` and a valid nonce on every call (the contract). */
export const ADMIN_ROUTE: { auth: AuthPolicy } = {
  auth: { access: 'capability', capability: 'manage_options', nonce: 'always' },
};

/** The REST namespace. */
export const NS = '/producttables/v1';
