import { columnsToSet } from '../db/sql-helpers.js';
import { type Generated, type Selectable, sql } from 'kysely';
import type { DbOrTrx } from '../db/database.js';
import { containsInsensitive, escapeLike } from '../db/sql-helpers.js';
import type { AuthUser } from './principal.js';
import { credentialsChanged } from './principal-cache.js';
import type { Role } from './roles.js';

/** The `users` table. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: string;
  created_at: string;
}

/** A selected row of `users`. */
export type UserRow = Selectable<UsersTable>;

declare module '../db/database.js' {
  interface Tables {
    users: UsersTable;
    user_capabilities: { user_id: number; capability: string };
    role_capabilities: { role: string; capability: string };
  }
}

const PUBLIC_COLUMNS = [
  'id',
  'username',
  'email',
  'display_name',
  'first_name',
  'last_name',
  'role',
  'created_at',
] as const;

/** Finds a user by id. */
export async function findUserById(db: DbOrTrx, id: number): Promise<AuthUser | null> {
  const row = await db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
  return (row as AuthUser | undefined) ?? null;
}

/** Finds a user (with password hash) by username or e-mail, case-insensitively. */
export async function findUserByLogin(db: DbOrTrx, login: string): Promise<UserRow | null> {
  const value = login.trim().toLowerCase();
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', value), eb(sql`lower(email)`, '=', value)]))
    .orderBy('id')
    .executeTakeFirst();
  return row ?? null;
}

/** The id of the user whose e-mail is `email` (case-insensitive), or null. */
export async function findUserIdByEmail(db: DbOrTrx, email: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Inserts a user and returns its id. */
export async function insertUser(db: DbOrTrx, row: Omit<UserRow, 'id'>): Promise<number> {
  const result = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return result.id;
}

/** Updates some columns of a user. */
export async function updateUserRow(
  db: DbOrTrx,
  id: number,
  patch: Partial<Omit<UserRow, 'id'>>,
): Promise<void> {
  const columns = columnsToSet(patch);
  if (!columns) return;
  await db.updateTable('users').set(columns).where('id', '=', id).execute();
  await credentialsChanged(db);
}

/** Deletes a user; their sessions, application passwords and capability grants go with them (foreign keys). */
export async function deleteUserRow(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
  await credentialsChanged(db);
}

/** One page of users, optionally filtered by a search term and role. */
export async function listUsers(
  db: DbOrTrx,
  filter: { search?: string; role?: Role; include?: number[]; offset: number; limit: number },
): Promise<{ rows: AuthUser[]; total: number }> {
  let query = db.selectFrom('users');
  if (filter.include) query = query.where('id', 'in', filter.include.length > 0 ? filter.include : [0]);
  if (filter.search) {
    const term = filter.search;
    query = query.where((eb) =>
      eb.or([
        containsInsensitive(eb.ref('username'), term),
        containsInsensitive(eb.ref('email'), term),
        containsInsensitive(eb.ref('display_name'), term),
      ]),
    );
  }
  if (filter.role) query = query.where('role', '=', filter.role);
  const [rows, count] = await Promise.all([
    query.select(PUBLIC_COLUMNS).orderBy('id').offset(filter.offset).limit(filter.limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AuthUser[], total: Number(count.n) };
}

/** The capabilities granted to one user and to its role beyond the built-in sets. */
export async function loadGrantedCapabilities(db: DbOrTrx, userId: number, role: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_capabilities')
    .select('capability')
    .where('user_id', '=', userId)
    .unionAll(db.selectFrom('role_capabilities').select('capability').where('role', '=', role))
    .execute();
  return rows.map((r) => r.capability);
}

/** Capabilities granted to each of `userIds` and to each of `roles`, in two queries. */
export async function loadGrantsFor(
  db: DbOrTrx,
  userIds: number[],
  roles: string[],
): Promise<{ byUser: Map<number, string[]>; byRole: Map<string, string[]> }> {
  const [userRows, roleRows] = await Promise.all([
    userIds.length === 0
      ? []
      : db.selectFrom('user_capabilities').selectAll().where('user_id', 'in', userIds).execute(),
    roles.length === 0
      ? []
      : db.selectFrom('role_capabilities').selectAll().where('role', 'in', roles).execute(),
  ]);
  const byUser = new Map<number, string[]>();
  for (const r of userRows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.capability]);
  const byRole = new Map<string, string[]>();
  for (const r of roleRows) byRole.set(r.role, [...(byRole.get(r.role) ?? []), r.capability]);
  return { byUser, byRole };
}

/** Grants a capability to one user (idempotent). */
export async function grantUserCapability(db: DbOrTrx, userId: number, capability: string): Promise<void> {
  await db
    .insertInto('user_capabilities')
    .values({ user_id: userId, capability })
    .onConflict((oc) => oc.columns(['user_id', 'capability']).doNothing())
    .execute();
  await credentialsChanged(db);
}

/** Grants a capability to every user of a role (idempotent). */
export async function grantRoleCapability(db: DbOrTrx, role: string, capability: string): Promise<void> {
  await db
    .insertInto('role_capabilities')
    .values({ role, capability })
    .onConflict((oc) => oc.columns(['role', 'capability']).doNothing())
    .execute();
  await credentialsChanged(db);
}

/** Number of users (used to know whether the database is new). */
export async function countUsers(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes every stored grant of a capability, from users and roles alike (an extension's uninstall). */
export async function deleteCapabilityGrants(db: DbOrTrx, capability: string): Promise<void> {
  await db.deleteFrom('user_capabilities').where('capability', '=', capability).execute();
  await db.deleteFrom('role_capabilities').where('capability', '=', capability).execute();
  await credentialsChanged(db);
}

/** Users whose username starts with `prefix`, by id. */
export async function findUsersByUsernamePrefix(
  db: DbOrTrx,
  prefix: string,
): Promise<Array<{ id: number; username: string }>> {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'like', `${escapeLike(prefix)}%`)
    .orderBy('id')
    .execute();
}

/** Inserts users in multi-row batches of 500 inside one transaction (the caller's, when given). */
export async function insertUsersInBatches(db: DbOrTrx, rows: Array<Omit<UserRow, 'id'>>): Promise<void> {
  if (rows.length === 0) return;
  const run = async (trx: DbOrTrx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('users')
        .values(rows.slice(i, i + 500))
        .execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
