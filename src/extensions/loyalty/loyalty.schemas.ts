import { type Static, Type } from '@sinclair/typebox';
import { paginationQuery } from '../../platform/http/collection.js';
import { stringEnum } from './settings/settings.schemas.js';
import { REFERENCE_TYPES } from './ledger/ledger-references.constants.js';

/** Filters shared by `GET /ledger` and `GET /export/ledger`. */
export const LedgerFilterQuery = {
  user_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Only this customer.' })),
  transaction_type: Type.Optional(stringEnum(['credit', 'debit'])),
  reference_type: Type.Optional(stringEnum(REFERENCE_TYPES)),
  date_from: Type.Optional(
    Type.String({ format: 'date', description: 'YYYY-MM-DD, first day (inclusive).' }),
  ),
  date_to: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, last day (inclusive).' })),
};

/** `GET /ledger` query. */
export const LedgerQuery = Type.Object({ ...paginationQuery(20, 100), ...LedgerFilterQuery });
/** `GET /export/ledger` query. */
export const ExportQuery = Type.Object(LedgerFilterQuery);

/** One ledger entry as the contract shows it. */
export const LedgerEntrySchema = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  transaction_type: Type.String(),
  amount: Type.String({ description: 'Two-decimal points amount, always positive.' }),
  reference_type: Type.String(),
  reference_id: Type.Integer(),
  description: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ description: 'YYYY-MM-DD HH:MM:SS (UTC).' }),
});

/** `POST /user-points` body. */
export const AdjustBody = Type.Object({
  user_id: Type.Integer({ minimum: 1 }),
  amount: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  type: stringEnum(['credit', 'debit']),
  reason: Type.String({ minLength: 1, maxLength: 255 }),
});

/** `POST /user-points` result. */
export const AdjustResult = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  entry_id: Type.Integer(),
  new_balance: Type.Integer(),
});

/** `GET /user-points/search-users` query. */
export const SearchUsersQuery = Type.Object({
  search: Type.String({ minLength: 1, maxLength: 100 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});

/** One user search result. */
export const UserSearchItem = Type.Object({
  id: Type.Integer(),
  display_name: Type.String(),
  user_email: Type.String(),
  balance: Type.Integer(),
});

/** `POST /redeem` body. */
export const RedeemBody = Type.Object({ points: Type.Integer({ minimum: 1, maximum: 100_000_000 }) });

/** `POST /redeem` result. */
export const RedeemResult = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  applied_points: Type.Integer(),
  discount_value: Type.Number(),
});

/** `DELETE /redeem` result. */
export const RemoveRedemptionResult = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** `{id}` of `GET /customers/{id}`: the customer's user id. */
export const CustomerParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** `GET /me` query. */
export const MeQuery = Type.Object(paginationQuery(10, 100));

/** `GET /me`: the customer's own loyalty view. */
export const MeResult = Type.Object({
  user_id: Type.Integer(),
  balance: Type.Integer(),
  balance_value: Type.Number({ description: 'Money value of the balance (store currency).' }),
  currency: Type.String(),
  tier: Type.Union([
    Type.Object({
      name: Type.String(),
      multiplier: Type.Number(),
      tier_points: Type.Integer(),
      next: Type.Union([
        Type.Object({ name: Type.String(), threshold: Type.Integer(), points_needed: Type.Integer() }),
        Type.Null(),
      ]),
    }),
    Type.Null(),
  ]),
  referral: Type.Union([Type.Object({ code: Type.String(), link: Type.String() }), Type.Null()]),
  history: Type.Array(LedgerEntrySchema),
});

/** A ledger entry as the routes answer it. */
export type LedgerEntry = Static<typeof LedgerEntrySchema>;
/** A user search result with the balance. */
export type UserSearchResult = Static<typeof UserSearchItem>;
/** The `POST /user-points` answer. */
export type AdjustmentAnswer = Static<typeof AdjustResult>;
/** A customer's loyalty view (`/me`, `/customers/{id}`). */
export type CustomerLoyalty = Static<typeof MeResult>;
export type { LoyaltySettings, Tier } from './settings/settings.schemas.js';
export type { ReferenceType } from './ledger/ledger-references.constants.js';

/** `GET /orders/{id}/points`: what one order did to its customer's points (whole points). */
export const OrderPointsSchema = Type.Object({
  order_id: Type.Integer(),
  customer_id: Type.Integer({ description: '0 for a guest order (no points).' }),
  earned: Type.Integer({ description: 'Points credited for the order.' }),
  redeemed: Type.Integer({ description: 'Points spent on the order.' }),
  clawed_back: Type.Integer({ description: 'Earned points taken back after refunds.' }),
  returned: Type.Integer({
    description: 'Redeemed points given back (order cancelled, failed or refunded).',
  }),
});

/** `GET /balances` query: the customers whose balances to show. */
export const BalancesQuery = Type.Object({
  include: Type.String({
    pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,99}$',
    description: 'The customer ids (comma-separated, at most 100).',
  }),
});

/** One customer's balance in `GET /balances`. */
export const BalanceSchema = Type.Object({
  user_id: Type.Integer(),
  balance: Type.Integer({ description: 'Points balance (whole points).' }),
  tier: Type.String(),
});
