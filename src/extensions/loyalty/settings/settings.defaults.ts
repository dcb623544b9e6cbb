import type { LoyaltySettings } from './settings.schemas.js';

/** Defaults from the reference (`reference/loyalty.md` §1, §5e). */
export const DEFAULT_SETTINGS: LoyaltySettings = {
  earning_pointsPerDollar: 1,
  earning_pointsForRegistration: 0,
  earning_pointsForReview: 0,
  redemption_pointsValue: 0.01,
  redemption_mode: 'fee',
  redemption_minPoints: 100,
  referrals_enabled: false,
  referrals_bonusPoints: 1000,
  referrals_newCustomerDiscount: 10,
  tiers_enabled: false,
  display_guestNoticeEnabled: true,
  advanced_deleteAllOnUninstall: false,
  debug_enableMode: false,
  earning_orderStatusTrigger: 'completed',
  redemption_maxDiscountPercentage: 50,
  referrals_cookieDuration: 30,
  tiers_config: [
    { name: 'Bronze', threshold: 0, multiplier: 1 },
    { name: 'Silver', threshold: 1000, multiplier: 1.5 },
    { name: 'Gold', threshold: 5000, multiplier: 2 },
    { name: 'Platinum', threshold: 10000, multiplier: 3 },
  ],
  expiry_enabled: false,
  expiry_days: 365,
};
