import type { PrivacyEraser } from '../../../platform/privacy/privacy-erasers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { hashEmail } from '../common/email-address.js';
import { findSuppression } from '../sessions/sessions.repository.js';
import { erasePersonalData } from './privacy.service.js';

/**
 * Cart recovery's eraser: every captured session of the address with its e-mails, events and jobs goes; an
 * unsubscribe record stays (only a hash of the address, kept so the address is never e-mailed again).
 */
export function cartRecoveryErasers(cr: CartRecovery): PrivacyEraser[] {
  return [
    {
      id: 'cartrecovery-sessions',
      friendlyName: 'Cart recovery sessions',
      async erase(email) {
        const { sessions_erased } = await erasePersonalData(cr, email);
        const suppressed = (await findSuppression(cr.ctx.db, hashEmail(email))) !== null;
        const messages = sessions_erased > 0 ? [`Removed ${sessions_erased} captured cart session(s).`] : [];
        if (suppressed)
          messages.push(
            'The unsubscribe record (a hash of the address) was retained so that no recovery e-mail is sent to it again.',
          );
        return { items_removed: sessions_erased > 0, items_retained: suppressed, messages, done: true };
      },
    },
  ];
}
