import { type Static, Type } from '@sinclair/typebox';

/** One VIP tier: reached at `threshold` tier points, multiplies order earnings by `multiplier`. */
export const TierSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60 }),
    threshold: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
    multiplier: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
  },
  { additionalProperties: false },
);

/** A string schema limited to `values` (one `enum`, so a refusal names the `in` rule). */
export function stringEnum<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}

/** The 13 contract keys (in contract order) followed by our extra keys; bounds are ours (docs/loyalty.md). */
const fields = {
  earning_pointsPerDollar: Type.Number({ minimum: 0, maximum: 10_000 }),
  earning_pointsForRegistration: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  earning_pointsForReview: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  redemption_pointsValue: Type.Number({ exclusiveMinimum: 0, maximum: 1_000 }),
  redemption_mode: stringEnum(['fee', 'coupon']),
  redemption_minPoints: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  referrals_enabled: Type.Boolean(),
  referrals_bonusPoints: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  referrals_newCustomerDiscount: Type.Number({ minimum: 0, maximum: 1_000_000 }),
  tiers_enabled: Type.Boolean(),
  display_guestNoticeEnabled: Type.Boolean(),
  advanced_deleteAllOnUninstall: Type.Boolean(),
  debug_enableMode: Type.Boolean(),
  earning_orderStatusTrigger: stringEnum(['completed', 'processing']),
  redemption_maxDiscountPercentage: Type.Integer({ minimum: 0, maximum: 100 }),
  referrals_cookieDuration: Type.Integer({ minimum: 1, maximum: 3650 }),
  tiers_config: Type.Array(TierSchema, { minItems: 1, maxItems: 20 }),
  expiry_enabled: Type.Boolean(),
  expiry_days: Type.Integer({ minimum: 1, maximum: 3650 }),
};

/** The full settings object (GET and POST responses). */
export const SettingsSchema = Type.Object(fields, { $id: 'LoyaltySettings' });
/** A partial update: any subset of the keys; unknown keys are ignored. */
export const SettingsPatchSchema = Type.Partial(Type.Object(fields, { additionalProperties: true }));

/** The loyalty settings. */
export type LoyaltySettings = Static<typeof SettingsSchema>;
/** A VIP tier definition. */
export type Tier = Static<typeof TierSchema>;
