import type { ExtensionContext } from '../../define-extension.js';
import { type EncodedBody, encoded } from '../../../platform/http/encoded-body.js';
import { ConflictError, invalid } from '../../../platform/http/errors.js';
import { entryView } from './ledger-view.js';
import { searchUsersWithBalance, userExists } from '../customers/loyalty-accounts.repository.js';
import { debugLog, printsInfo } from '../common/loyalty-log.js';
import { readSettings } from '../settings/settings.js';
import { hundredths, wholePoints } from './points.js';
import {
  countEntries,
  findEntryByKey,
  type LedgerFilter,
  listEntries,
  type TransactionType,
} from './points-ledger.repository.js';
import { InsufficientPointsError, recordEntry } from './points-ledger.service.js';
import { LOYALTY_TOPICS } from '../loyalty.topics.js';

/** The ledger query and entry types the admin routes speak (they never import the repository). */
export type { LedgerFilter, TransactionType };

/** A manual adjustment asked for by an administrator (`amount` in whole points). */
export interface Adjustment {
  actorId: number;
  userId: number;
  amount: number;
  type: TransactionType;
  reason: string;
  idempotencyKey?: string;
}

/** The result of an adjustment, as `POST /user-points` returns it. */
export interface AdjustmentResult {
  success: true;
  message: string;
  entry_id: number;
  new_balance: number;
}

/** Credits or debits a customer by hand; a debit never takes the balance below zero. */
export async function adjustPoints(ctx: ExtensionContext, input: Adjustment): Promise<AdjustmentResult> {
  const key = input.idempotencyKey ? `admin:${input.actorId}:${input.idempotencyKey}` : null;
  if (key) {
    const earlier = await findEntryByKey(ctx.db, key);
    if (earlier) return replay(earlier, input);
  }
  if (!(await userExists(ctx.db, input.userId)))
    throw invalid('user_id', 'exists', 'The selected user_id is invalid.');
  try {
    const result = await recordEntry(ctx.db, ctx.clock, {
      userId: input.userId,
      type: input.type,
      amount: hundredths(input.amount),
      referenceType: 'admin',
      referenceId: input.actorId,
      description: input.reason,
      idempotencyKey: key,
    });
    if (result.replayed) return replay(result.entry, input);
    // The settings are read only when the logger would print the line (one query less per adjustment).
    if (printsInfo(ctx.logger))
      debugLog(ctx.logger, await readSettings(ctx), 'manual adjustment', {
        entry: result.entry.id,
        user: input.userId,
        type: input.type,
      });
    return {
      success: true,
      message: 'Transaction completed successfully',
      entry_id: result.entry.id,
      new_balance: wholePoints(result.balance),
    };
  } catch (error) {
    if (error instanceof InsufficientPointsError)
      throw invalid(
        'amount',
        'max',
        `The amount may not be greater than the customer's balance (${wholePoints(error.balance)}).`,
      );
    throw error;
  }
}

/** A ledger page as its encoded JSON body (compressed forms made once, on demand), with its total. */
export interface LedgerPageJson {
  body: EncodedBody;
  total: number;
}

/**
 * The cache topics a ledger page is made of: the ledger alone (entries show user ids, no names). The ledger
 * route declares them (`config.cache`), so the platform replays its answers while they hold.
 */
export const LEDGER_PAGE_TOPICS = [LOYALTY_TOPICS.ledger];

/** One page of the ledger, newest first, as a JSON body with the number of matching entries. */
export async function ledgerPageJson(
  ctx: ExtensionContext,
  filter: LedgerFilter,
  window: { offset: number; limit: number },
): Promise<LedgerPageJson> {
  const [rows, total] = await Promise.all([
    listEntries(ctx.db, filter, window),
    countEntries(ctx.db, filter),
  ]);
  return { body: encoded(JSON.stringify(rows.map(entryView))), total };
}

/** Users matching a search term, with their balance in whole points. */
export async function searchUsers(ctx: ExtensionContext, term: string, limit: number) {
  const rows = await searchUsersWithBalance(ctx.db, term.trim(), limit);
  return rows.map((r) => ({ ...r, balance: wholePoints(r.balance) }));
}

function replay(
  entry: { id: number; user_id: number; amount: number; transaction_type: string; balance_after: number },
  input: Adjustment,
): AdjustmentResult {
  if (
    entry.user_id !== input.userId ||
    entry.amount !== hundredths(input.amount) ||
    entry.transaction_type !== input.type
  ) {
    throw new ConflictError(
      'loyalty_idempotency_key_reused',
      'This Idempotency-Key was already used for a different adjustment.',
    );
  }
  return {
    success: true,
    message: 'Transaction completed successfully',
    entry_id: entry.id,
    new_balance: wholePoints(entry.balance_after),
  };
}
