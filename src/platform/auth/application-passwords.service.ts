import { randomInt, randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { DbOrTrx } from '../db/database.js';
import { toDbTime, toIsoNoZone } from '../db/sql-helpers.js';
import { hashToken } from '../security/hashing.js';
import {
  type ApplicationPasswordRow,
  deleteApplicationPasswordRow,
  findApplicationPasswordByHash,
  findApplicationPasswordsOf,
  insertApplicationPassword,
  recordApplicationPasswordUse,
} from './application-passwords.repository.js';

/** The public view of an application password (WordPress shape, no secret). */
export interface ApplicationPasswordView {
  uuid: string;
  app_id: string;
  name: string;
  created: string;
  last_used: string | null;
  last_ip: string | null;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Creates an application password; the plain password (6 groups of 4) is returned only here. */
export async function createApplicationPassword(
  db: DbOrTrx,
  clock: Clock,
  input: { userId: number; name: string; appId?: string },
): Promise<ApplicationPasswordView & { password: string }> {
  let raw = '';
  for (let i = 0; i < 24; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  const row: ApplicationPasswordRow = {
    uuid: randomUUID(),
    user_id: input.userId,
    app_id: input.appId ?? '',
    name: input.name.trim(),
    password_hash: hashToken(raw),
    created_at: toDbTime(clock.now()),
    last_used: null,
    last_ip: null,
  };
  await insertApplicationPassword(db, row);
  return { ...toView(row), password: raw.match(/.{4}/g)!.join(' ') };
}

/** Every application password of a user. */
export async function listApplicationPasswords(
  db: DbOrTrx,
  userId: number,
): Promise<ApplicationPasswordView[]> {
  return (await findApplicationPasswordsOf(db, userId)).map(toView);
}

/** Deletes one; returns what was deleted, or null when the user has no such password. */
export async function deleteApplicationPassword(
  db: DbOrTrx,
  userId: number,
  uuid: string,
): Promise<ApplicationPasswordView | null> {
  const row = await deleteApplicationPasswordRow(db, userId, uuid);
  return row ? toView(row) : null;
}

/** Finds the password of `userId` matching `password` (spaces and other separators ignored); records its use daily. */
export async function matchApplicationPassword(
  db: DbOrTrx,
  clock: Clock,
  input: { userId: number; password: string; ip: string },
): Promise<ApplicationPasswordRow | null> {
  const hash = hashToken(input.password.replace(/[^A-Za-z0-9]/g, ''));
  const row = await findApplicationPasswordByHash(db, input.userId, hash);
  if (!row) return null;
  const today = toDbTime(clock.now()).slice(0, 10);
  if (row.last_used?.slice(0, 10) !== today) {
    await recordApplicationPasswordUse(db, { uuid: row.uuid, usedAt: toDbTime(clock.now()), ip: input.ip });
  }
  return row;
}

function toView(row: ApplicationPasswordRow): ApplicationPasswordView {
  return {
    uuid: row.uuid,
    app_id: row.app_id,
    name: row.name,
    created: toIsoNoZone(row.created_at)!,
    last_used: toIsoNoZone(row.last_used),
    last_ip: row.last_ip,
  };
}
