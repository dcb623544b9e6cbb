import { type Generated, type Selectable, sql } from 'kysely';
import type { DbOrTrx } from '../../../platform/db/database.js';

/** The `cr_agent_tokens` table: bearer tokens (SHA-256 of the secret only). */
export interface CrAgentTokensTable {
  id: Generated<number>;
  public_id: string;
  name: string;
  secret_hash: string;
  user_id: number;
  scopes: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The `cr_agent_audit` table: one redacted row per agent call. */
export interface CrAgentAuditTable {
  id: Generated<number>;
  created_at: string;
  principal_type: string;
  user_id: number | null;
  credential_id: string | null;
  method: string;
  route: string;
  action: string | null;
  target: string | null;
  status: number;
  result: string;
  detail: string;
}

declare module '../../../platform/db/database.js' {
  interface Tables {
    cr_agent_tokens: CrAgentTokensTable;
    cr_agent_audit: CrAgentAuditTable;
  }
}

/** A token row. */
export type AgentTokenRow = Selectable<CrAgentTokensTable>;
/** An audit row. */
export type AuditRow = Selectable<CrAgentAuditTable>;

/** Stores a new token. */
export async function insertAgentToken(db: DbOrTrx, row: Omit<AgentTokenRow, 'id'>): Promise<void> {
  await db.insertInto('cr_agent_tokens').values(row).execute();
}

/** A token by its public id. */
export async function findAgentToken(db: DbOrTrx, publicId: string): Promise<AgentTokenRow | null> {
  return (
    (await db
      .selectFrom('cr_agent_tokens')
      .selectAll()
      .where('public_id', '=', publicId)
      .executeTakeFirst()) ?? null
  );
}

/** A page of tokens, newest first, and the total. */
export async function listAgentTokens(
  db: DbOrTrx,
  window: { offset: number; limit: number },
): Promise<{ rows: AgentTokenRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('cr_agent_tokens')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    db
      .selectFrom('cr_agent_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Revokes a token (idempotent). */
export async function revokeAgentToken(db: DbOrTrx, publicId: string, at: string): Promise<void> {
  await db
    .updateTable('cr_agent_tokens')
    .set({ revoked_at: at })
    .where('public_id', '=', publicId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Records use of a token, at most once per minute of stored time. */
export async function touchAgentToken(db: DbOrTrx, id: number, at: string, notAfter: string): Promise<void> {
  await db
    .updateTable('cr_agent_tokens')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notAfter)]))
    .execute();
}

/** Appends an audit row; returns its id. */
export async function insertAudit(db: DbOrTrx, row: Omit<AuditRow, 'id'>): Promise<number> {
  const inserted = await db
    .insertInto('cr_agent_audit')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Deletes audit rows with an id at or below `id`. */
export async function trimAudit(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('cr_agent_audit').where('id', '<=', id).execute();
}

/** A page of audit rows, newest first, and the total. */
export async function listAudit(
  db: DbOrTrx,
  window: { offset: number; limit: number },
  filters: AuditFilters = {},
): Promise<{ rows: AuditRow[]; total: number }> {
  const { result, route } = filters;
  let base = db.selectFrom('cr_agent_audit');
  if (result !== undefined) base = base.where('result', '=', result);
  if (route !== undefined) base = base.where(sql<boolean>`substr(route, 1, ${route.length}) = ${route}`);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(window.offset).limit(window.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Narrowing of the audit list: the outcome, and the called route's start (e.g. `/agent/tokens`). */
export interface AuditFilters {
  result?: 'allowed' | 'denied' | 'error';
  route?: string;
}
