import type { Clock } from '../../../platform/clock.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { type EntryResult, writeLedgerEntry } from './ledger-write.repository.js';
import {
  findEntryByKey,
  insertEntry,
  lockAccount,
  moveBalance,
  type ReferenceType,
  type TransactionType,
} from './points-ledger.repository.js';

/** A debit asked for more than the customer holds; nothing was written. */
export class InsufficientPointsError extends Error {
  constructor(
    readonly balance: number,
    readonly requested: number,
  ) {
    super('Insufficient points balance.');
  }
}

/** One ledger write. Amounts are positive hundredths. */
export interface EntryInput {
  userId: number;
  type: TransactionType;
  amount: number;
  referenceType: ReferenceType;
  referenceId: number;
  description: string;
  expiresAt?: string | null;
  /** Writes the entry only once: a second call with the same key returns the first entry. */
  idempotencyKey?: string | null;
  /** Debits only: may take the balance below zero (refund clawbacks, as the reference allows). */
  allowNegative?: boolean;
  /** Debits only: false when the caller closes the lots this debit stands for itself (expiry). */
  consumeLots?: boolean;
}

export type { EntryResult };

/**
 * Appends one entry and moves the balance atomically (inside `db` when it is a transaction). The balance is moved
 * first, which locks the account row, so writes to one customer are serialized on both engines and the balance
 * always equals the ledger sum.
 */
export async function recordEntry(db: DbOrTrx, clock: Clock, input: EntryInput): Promise<EntryResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new Error(`Ledger amounts are positive integer hundredths, got ${input.amount}`);
  const now = toDbTime(clock.now());
  return writeLedgerEntry(db, {
    // A credit without an idempotency key has nothing to check first: the repository may write it at once.
    credit: input.type === 'credit' && !input.idempotencyKey ? creditRow(input, now) : null,
    write: (trx) => writeEntry(trx, input, now),
  });
}

/** The steps of one ledger write, inside the transaction `trx`. */
async function writeEntry(trx: DbOrTrx, input: EntryInput, now: string): Promise<EntryResult> {
  const credit = input.type === 'credit';
  if (input.idempotencyKey) {
    const balance = await lockAccount(trx, input.userId, now);
    const existing = await findEntryByKey(trx, input.idempotencyKey);
    if (existing) return { entry: existing, balance, replayed: true };
  }
  const floor = !credit && !input.allowNegative;
  const after = await moveBalance(trx, input.userId, credit ? input.amount : -input.amount, now, floor);
  if (after === null)
    throw new InsufficientPointsError(await lockAccount(trx, input.userId, now), input.amount);
  const row = {
    user_id: input.userId,
    transaction_type: input.type,
    amount: input.amount,
    reference_type: input.referenceType,
    reference_id: input.referenceId,
    description: input.description.slice(0, 255),
    expires_at: credit ? (input.expiresAt ?? null) : null,
    remaining: credit ? input.amount : 0,
    balance_after: after,
    idempotency_key: input.idempotencyKey ?? null,
    created_at: now,
  };
  const id = await insertEntry(trx, row, !credit && input.consumeLots !== false);
  return { entry: { id, ...row }, balance: after, replayed: false };
}

function creditRow(input: EntryInput, now: string) {
  return {
    user_id: input.userId,
    amount: input.amount,
    reference_type: input.referenceType,
    reference_id: input.referenceId,
    description: input.description.slice(0, 255),
    expires_at: input.expiresAt ?? null,
    idempotency_key: null,
    created_at: now,
  };
}
