import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, sqliteHandle } from '../../src/platform/db/database.js';

// Two connections to one SQLite file, as a server and a CLI command (or a second server) have.
let dir: string;
let server: Database;
let other: Database;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'storeside-sqlite-trx-'));
  server = await openDatabase({ url: null, sqliteFile: 'shared.sqlite', dataDir: dir });
  other = await openDatabase({ url: null, sqliteFile: 'shared.sqlite', dataDir: dir });
  await sql`create table counters (id integer primary key, n integer not null)`.execute(server.db);
  await sql`insert into counters (id, n) values (1, 0)`.execute(server.db);
  // The other connection gives up quickly instead of blocking this test's thread for busy_timeout.
  sqliteHandle(other.db)!.pragma('busy_timeout = 50');
});
afterAll(async () => {
  await server.destroy();
  await other.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (db: Database) =>
  (await sql<{ n: number }>`select n from counters where id = 1`.execute(db.db)).rows[0]!.n;

describe('SQLite transactions across connections', () => {
  it('should take the write lock when a transaction begins, so a read-then-write never fails on another commit', async () => {
    const outcome = await server.db.transaction().execute(async (trx) => {
      const before = (await sql<{ n: number }>`select n from counters where id = 1`.execute(trx)).rows[0]!.n;
      // Another connection writing meanwhile must wait for this transaction, not slip in before it.
      const meanwhile = await sql`update counters set n = n + 100 where id = 1`
        .execute(other.db)
        .then(() => 'written' as const)
        .catch((error: { code?: string }) => error.code);
      await sql`update counters set n = ${before + 1} where id = 1`.execute(trx);
      return meanwhile;
    });
    expect(outcome).toBe('SQLITE_BUSY');
    expect(await count(server)).toBe(1);
    await sql`update counters set n = n + 100 where id = 1`.execute(other.db);
    expect(await count(server)).toBe(101);
  });
});
