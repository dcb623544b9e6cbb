import type { Transaction } from 'kysely';
import type { DbOrTrx, Tables } from './database.js';
import { engineOf } from './engine.js';
import { GroupCommit } from './group-commit.js';

// One group commit per database, found from any handle on it (a transaction shares its database's adapter).
const groups = new WeakMap<object, GroupCommit>();

/**
 * Runs `work` atomically: inside `db` when it is already a transaction, else in a transaction of its own. On
 * SQLite, writes arriving together share one commit (`GroupCommit`: each in its own savepoint, each answered
 * after the commit); on PostgreSQL each takes a transaction of its own.
 */
export function writeAtomically<R>(db: DbOrTrx, work: (trx: Transaction<Tables>) => Promise<R>): Promise<R> {
  if (db.isTransaction) return work(db as Transaction<Tables>);
  const adapter = db.getExecutor().adapter;
  let group = groups.get(adapter);
  if (!group) {
    group = new GroupCommit(db, engineOf(db));
    groups.set(adapter, group);
  }
  return group.run(work);
}
