import type { AuthPolicy } from '../../../platform/auth/principal.js';

/** The capability of the product-tables admin: its routes and its admin screens (the manifest's `admin`). */
export const ADMIN_CAPABILITY = 'manage_options';

/** Every admin route of `producttables/v1`: `manage_options` and a valid nonce on every call (the contract). */
export const ADMIN_POLICY: AuthPolicy = {
  access: 'capability',
  capability: ADMIN_CAPABILITY,
  nonce: 'always',
};

/** The route config of every admin route (`config: ADMIN_ROUTE`). */
export const ADMIN_ROUTE: { auth: AuthPolicy } = { auth: ADMIN_POLICY };

/** The REST namespace. */
export const NS = '/producttables/v1';
