import { toIsoNoZone } from '../db/sql-helpers.js';
import type { AuthUser } from './principal.js';

/** The WordPress `/wp/v2/users` edit-context shape of a user. */
export function userView(user: AuthUser, capabilities: ReadonlySet<string>, extra: readonly string[] = []) {
  return {
    id: user.id,
    username: user.username,
    name: user.display_name,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    slug: user.username.toLowerCase().replace(/[^a-z0-9-]+/g, '-'),
    roles: [user.role],
    registered_date: `${toIsoNoZone(user.created_at)}+00:00`,
    capabilities: Object.fromEntries([...capabilities].sort().map((c) => [c, true])),
    extra_capabilities: Object.fromEntries([user.role, ...extra].map((c) => [c, true])),
  };
}
