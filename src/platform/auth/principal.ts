import type { Role } from './roles.js';

/** What a REST API key may do: `read` (GET/HEAD), `write` (the other methods) or both. */
export type ApiKeyPermissions = 'read' | 'write' | 'read_write';

/** A user as the auth layer sees it. */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  role: Role;
  created_at: string;
}

/** How the caller of a request was authenticated. */
export type Principal =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      via: 'cookie' | 'app_password' | 'bearer' | 'api_key';
      user: AuthUser;
      capabilities: ReadonlySet<string>;
      /** Hash of the login session token (cookie logins only); binds the nonce. */
      sessionHash?: string;
      /** Scopes of a bearer token; undefined for other kinds of authentication. */
      scopes?: readonly string[];
      /** Id of the credential used (application password uuid, bearer token public id or REST API key id). */
      credentialId?: string;
      /** The REST API key used (via `api_key` only): its permissions and how it was sent. */
      apiKey?: { permissions: ApiKeyPermissions; transport: 'basic' | 'query' | 'oauth' };
    }
  | { kind: 'cart'; cartSessionId: string };

/** Who may call a route, and when a nonce is needed. */
export interface AuthPolicy {
  /** `public`: anyone; `user`: a logged-in user; `session`: a user or a cart session; `capability`: a user holding it. */
  access: 'public' | 'user' | 'session' | 'capability';
  capability?: string;
  /** `always`: every call needs a valid nonce; `cookie`: cookie logins need one; `never`: no check. */
  nonce: 'always' | 'cookie' | 'never';
  /** Accept bearer tokens issued by an extension (agent routes only). */
  bearer?: boolean;
  /** `false`: refuse REST API keys here, whatever the namespace (routes that mint credentials a key would outlive). */
  apiKeys?: boolean;
}

/** The user behind a principal, or null. */
export function principalUser(principal: Principal): AuthUser | null {
  return principal.kind === 'user' ? principal.user : null;
}

/** True when the principal is a user holding `capability`. */
export function can(principal: Principal, capability: string): boolean {
  return principal.kind === 'user' && principal.capabilities.has(capability);
}
