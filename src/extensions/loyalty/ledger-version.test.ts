import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../platform/db/database.js';
import { ledgerVersion } from './points-ledger.repository.js';

// Two connections to one SQLite file: the server's, and another process's (the CLI) writing the same ledger.
let dir: string;
let server: Database;
let other: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'storeside-ledger-version-'));
  server = await openDatabase({ url: null, dataDir: dir, sqliteFile: 'shop.db' });
  other = await openDatabase({ url: null, dataDir: dir, sqliteFile: 'shop.db' });
  await sql`create table loyalty_ledger (id integer primary key autoincrement, note text)`.execute(server.db);
});
afterAll(async () => {
  await server.destroy();
  await other.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (db: Database) => sql`insert into loyalty_ledger (note) values ('x')`.execute(db.db);

describe('ledgerVersion on SQLite', () => {
  it('should change at once after a write on the same connection', async () => {
    const before = await ledgerVersion(server.db);
    expect(await ledgerVersion(server.db)).toBe(before);
    await insert(server);
    expect(await ledgerVersion(server.db)).not.toBe(before);
  });

  it('should see another connection’s commit within the revalidation window (250 ms)', async () => {
    const before = await ledgerVersion(server.db);
    await insert(other);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ledgerVersion(server.db)).not.toBe(before);
  });

  it('should wait for an open transaction and give the committed version after it', async () => {
    const before = await ledgerVersion(server.db);
    let committed = false;
    const writing = server.db.transaction().execute(async (trx) => {
      await sql`insert into loyalty_ledger (note) values ('in trx')`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 20));
      committed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const during = await ledgerVersion(server.db);
    await writing;
    expect(committed).toBe(true);
    expect(during).not.toBe(before);
    expect(await ledgerVersion(server.db)).toBe(during);
  });
});
