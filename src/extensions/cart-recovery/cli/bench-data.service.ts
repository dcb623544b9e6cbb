import { randomBytes } from 'node:crypto';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { hashEmail, maskEmail } from '../common/email-address.js';
import { insertBenchRows } from '../sessions/bench-data.repository.js';
import type { SessionState } from '../sessions/session-states.constants.js';

const CHUNK = 200;

/**
 * Seeds `count` sessions spread over the last 90 days with a believable mix of states, e-mails and events
 * (for benchmarks: `storeside bench-data cart-recovery --sessions 100000`). Returns how many were written.
 */
export async function seedBenchData(
  cr: CartRecovery,
  count: number,
  print: (line: string) => void,
): Promise<number> {
  const now = cr.ctx.clock.now().getTime();
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const run = randomBytes(4).toString('hex');
  let written = 0;
  while (written < count) {
    const n = Math.min(CHUNK, count - written);
    const sessions = [];
    for (let i = 0; i < n; i++) {
      const k = written + i;
      const captured = now - Math.floor(random() * 90 * 86_400_000);
      const roll = random();
      const status: SessionState =
        roll < 0.5
          ? 'abandoned'
          : roll < 0.62
            ? 'recovered'
            : roll < 0.77
              ? 'converted'
              : roll < 0.85
                ? 'suppressed'
                : roll < 0.9
                  ? 'expired'
                  : 'captured';
      const email = `shopper${k % Math.max(1, Math.floor(count * 0.8))}@bench.example`;
      const abandoned = status === 'captured' || status === 'converted' ? null : captured + 30 * 60_000;
      const recovered =
        status === 'recovered' && abandoned ? abandoned + Math.floor(random() * 72 * 3_600_000) : null;
      const total = 1000 + Math.floor(random() * 20000);
      sessions.push({
        session: {
          session_id: `bench${run}${k.toString(36).padStart(8, '0')}`,
          email,
          email_hash: hashEmail(email),
          status,
          source: random() < 0.5 ? 'classic' : 'block',
          consent_text: 'bench',
          consent_at: toDbTime(new Date(captured)),
          capture_token_hash: '',
          cart_session_id: null,
          cart_snapshot: '{"items":[],"coupons":[]}',
          cart_fingerprint: '',
          cart_total: total,
          currency: cr.ctx.shop.currency.code,
          item_count: 1 + Math.floor(random() * 4),
          capture_count: 1 + Math.floor(random() * 3),
          captured_at: toDbTime(new Date(captured)),
          last_activity_at: toDbTime(new Date(captured)),
          abandoned_at: abandoned ? toDbTime(new Date(abandoned)) : null,
          recovered_at: recovered ? toDbTime(new Date(recovered)) : null,
          converted_at: status === 'converted' ? toDbTime(new Date(captured + 600_000)) : null,
          ended_at: null,
          order_id: null,
          recovered_revenue: recovered ? total : 0,
          recovery_seconds: recovered && abandoned ? Math.round((recovered - abandoned) / 1000) : null,
          recovered_step: recovered ? 1 + Math.floor(random() * 3) : null,
          attribution_source: recovered ? 'restore_token' : null,
          restore_clicked_at: recovered && random() < 0.7 ? toDbTime(new Date(recovered - 60_000)) : null,
          coupon_code: null,
          coupon_expires_at: null,
          is_test: 0,
          anonymized_at: null,
          created_at: toDbTime(new Date(captured)),
          updated_at: toDbTime(new Date(captured)),
        },
        steps: abandoned ? 1 + Math.floor(random() * 3) : 0,
        abandonedAt: abandoned,
        mask: maskEmail(email),
        clicked: recovered !== null && random() < 0.8,
      });
    }
    await insertBenchRows(cr.ctx.db, sessions);
    written += n;
    if (written % 10_000 === 0 || written === count) print(`${written} / ${count} sessions`);
  }
  return written;
}
