import type { DbOrTrx } from '../db/database.js';
import { findUsersByUsernamePrefix, insertUsersInBatches, type UserRow } from './users.repository.js';

/** A user as stored, password already hashed (seeding only: no validation). */
export type SeedUser = Omit<UserRow, 'id'>;

/** Users whose username starts with `prefix`, by id (finds what an earlier seeding created). */
export function findSeededUsers(
  db: DbOrTrx,
  prefix: string,
): Promise<Array<{ id: number; username: string }>> {
  return findUsersByUsernamePrefix(db, prefix);
}

/** Inserts many users at once, in one transaction (bench and demo data). */
export function insertSeedUsers(db: DbOrTrx, rows: SeedUser[]): Promise<void> {
  return insertUsersInBatches(db, rows);
}
