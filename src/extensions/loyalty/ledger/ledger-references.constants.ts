/** What a ledger entry refers to. */
export const REFERENCE_TYPES = [
  'order',
  'refund',
  'registration',
  'review',
  'referral',
  'admin',
  'expiry',
] as const;
/** One of the seven reference types. */
export type ReferenceType = (typeof REFERENCE_TYPES)[number];
