import { erasureSubjectId, type PrivacyEraser } from '../../../platform/privacy/privacy-erasers.js';
import type { ExtensionContext } from '../../define-extension.js';
import { deleteLoyaltyData } from './loyalty-erasure.repository.js';

/**
 * Loyalty's eraser, as WooCommerce Points & Rewards erases a user's points and points log: the account, the
 * ledger entries, redemptions and counters of the user with that e-mail are deleted (not anonymised: an
 * anonymous entry would still count towards no one's balance). An address without an account erases nothing.
 */
export function loyaltyErasers(ctx: ExtensionContext): PrivacyEraser[] {
  return [
    {
      id: 'loyalty-points',
      friendlyName: 'Loyalty points',
      async erase(email) {
        const userId = await erasureSubjectId(ctx.db, email);
        if (userId === null) return { items_removed: false, items_retained: false, messages: [], done: true };
        const { entries, account } = await ctx.db
          .transaction()
          .execute((trx) => deleteLoyaltyData(trx, userId));
        const messages = [
          ...(account ? ['Removed the points balance, tier and referral code.'] : []),
          ...(entries > 0 ? [`Removed ${entries} points ledger entries.`] : []),
        ];
        return { items_removed: account || entries > 0, items_retained: false, messages, done: true };
      },
    },
  ];
}
