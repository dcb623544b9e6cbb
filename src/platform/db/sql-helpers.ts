import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/** A UTC timestamp as stored in every table: `YYYY-MM-DD HH:MM:SS` (sorts as text on both engines). */
export type DbTime = string;

/** Formats a Date as the stored UTC text form. */
export function toDbTime(date: Date): DbTime {
  // Busy paths format the same second again and again: the last second's text is kept.
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastSecond) {
    lastText = date.toISOString().slice(0, 19).replace('T', ' ');
    lastSecond = second;
  }
  return lastText;
}

let lastSecond = Number.NaN;
let lastText = '';

/** Parses the stored UTC text form back to a Date. */
export function fromDbTime(value: DbTime): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

/** The stored form as `YYYY-MM-DDTHH:MM:SS` (WordPress response dates). */
export function toIsoNoZone(value: DbTime | null): string | null {
  return value === null ? null : value.replace(' ', 'T');
}

/** Case-insensitive `LIKE %term%` on both engines (the term's wildcards are escaped). */
export function containsInsensitive(column: Expression<any>, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`;
}

/** Case-insensitive `LIKE term%` on both engines. */
export function startsWithInsensitive(column: Expression<any>, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${`${escapeLike(term.toLowerCase())}%`} escape '\\'`;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The columns a partial update sets (undefined values dropped), or null when it sets none (no empty `SET`). */
export function columnsToSet<T extends object>(patch: T): Partial<T> | null {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<T>) : null;
}
