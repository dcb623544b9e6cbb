import { formatPoints } from './points.js';
import type { LedgerRow } from './points-ledger.repository.js';

/** A ledger entry as the REST contract shows it. */
export interface LedgerEntryView {
  id: number;
  user_id: number;
  transaction_type: string;
  amount: string;
  reference_type: string;
  reference_id: number;
  description: string;
  expires_at: string | null;
  created_at: string;
}

/** Shapes a stored entry for the REST API (two-decimal amount, stored UTC times). */
export function entryView(row: LedgerRow): LedgerEntryView {
  return {
    id: row.id,
    user_id: row.user_id,
    transaction_type: row.transaction_type,
    amount: formatPoints(row.amount),
    reference_type: row.reference_type,
    reference_id: row.reference_id,
    description: row.description,
    expires_at: row.expires_at,
    created_at: row.created_at,
  };
}
