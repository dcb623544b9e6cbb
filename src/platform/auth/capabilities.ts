import type { DbOrTrx } from '../db/database.js';
import { ROLE_CAPABILITIES, type Role } from './roles.js';
import { loadGrantedCapabilities, loadGrantsFor } from './users.repository.js';

/** Which roles hold which capabilities: the built-in sets plus those extensions declare. */
export class CapabilityRegistry {
  private readonly byRole = new Map<Role, Set<string>>();

  constructor() {
    for (const [role, caps] of Object.entries(ROLE_CAPABILITIES))
      this.byRole.set(role as Role, new Set(caps));
  }

  /** Declares that `roles` hold `capability` by default (called once per extension at start). */
  declare(capability: string, roles: readonly Role[]): void {
    for (const role of roles) this.byRole.get(role)?.add(capability);
  }

  /** Every capability a role holds by default. */
  forRole(role: Role): ReadonlySet<string> {
    return this.byRole.get(role) ?? new Set();
  }

  /** A user's effective capabilities: role defaults plus grants stored for the user or the role. */
  async forUser(db: DbOrTrx, user: { id: number; role: Role }): Promise<Set<string>> {
    const caps = new Set(this.forRole(user.role));
    for (const cap of await loadGrantedCapabilities(db, user.id, user.role)) caps.add(cap);
    return caps;
  }

  /** Effective capabilities of several users at once (two queries, whatever their number). */
  async forUsers(db: DbOrTrx, users: Array<{ id: number; role: Role }>): Promise<Map<number, Set<string>>> {
    const grants = await loadGrantsFor(
      db,
      users.map((u) => u.id),
      [...new Set(users.map((u) => u.role))],
    );
    return new Map(
      users.map((u) => [
        u.id,
        new Set([
          ...this.forRole(u.role),
          ...(grants.byRole.get(u.role) ?? []),
          ...(grants.byUser.get(u.id) ?? []),
        ]),
      ]),
    );
  }
}
