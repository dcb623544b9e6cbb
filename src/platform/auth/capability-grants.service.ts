import type { DbOrTrx } from '../db/database.js';
import { deleteCapabilityGrants } from './users.repository.js';

/** Removes every stored grant of `capability` (users and roles); role defaults declared in code stay. */
export async function revokeCapabilityEverywhere(db: DbOrTrx, capability: string): Promise<void> {
  await deleteCapabilityGrants(db, capability);
}
