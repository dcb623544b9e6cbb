import { type Static, Type } from '@sinclair/typebox';

/** What the shell page hands the admin app at start (JSON in the page; the app reads it before rendering). */
export const AdminBootSchema = Type.Object({
  /** The REST root for api-fetch's root-URL middleware (`/wp-json/`). */
  root: Type.String(),
  /** A fresh `wp_rest` nonce of the caller's session. */
  nonce: Type.String(),
  /** Where api-fetch renews an expired nonce (`admin-ajax.php?action=rest-nonce`). */
  nonceEndpoint: Type.String(),
  /** The logout link (carries the `log-out` nonce). */
  logoutUrl: Type.String(),
  siteName: Type.String(),
  /** The shop's ISO 4217 currency code. */
  currency: Type.String(),
  user: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    name: Type.String(),
    email: Type.String(),
    role: Type.String(),
  }),
  capabilities: Type.Array(Type.String()),
  /** The enabled modules that have admin screens, with the capability those screens need. */
  modules: Type.Array(Type.Object({ name: Type.String(), capability: Type.String() })),
});

/** The boot object's type, shared by the server that writes it and the app that reads it. */
export type AdminBoot = Static<typeof AdminBootSchema>;
