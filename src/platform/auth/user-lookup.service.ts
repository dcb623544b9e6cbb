import type { DbOrTrx } from '../db/database.js';
import type { AuthUser } from './principal.js';
import type { Role } from './roles.js';
import { findUserById, listUsers } from './users.repository.js';

/** A user by id (public columns), or null: for routes, the shop and extensions. */
export function getUser(db: DbOrTrx, id: number): Promise<AuthUser | null> {
  return findUserById(db, id);
}

/** One page of users, optionally filtered by a search term, role and ids, with the total. */
export function usersPage(
  db: DbOrTrx,
  filter: { search?: string; role?: Role; include?: number[]; offset: number; limit: number },
): Promise<{ rows: AuthUser[]; total: number }> {
  return listUsers(db, filter);
}
