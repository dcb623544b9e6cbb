import { bumpTopics } from '../../../platform/cache/data-versions.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { Db } from '../../../platform/db/database.js';
import type { NewSessionRow } from './sessions.repository.js';
import { CART_RECOVERY_TOPICS } from '../cart-recovery.topics.js';

/** One generated session with how many e-mails and whether its link was clicked. */
export interface BenchSession {
  session: NewSessionRow;
  steps: number;
  abandonedAt: number | null;
  mask: string;
  clicked: boolean;
}

/** Bulk-inserts generated sessions with their notifications and events (benchmark data only). */
export async function insertBenchRows(db: Db, batch: BenchSession[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids = await trx
      .insertInto('cr_sessions')
      .values(batch.map((b) => b.session))
      .returning('id')
      .execute();
    const notifications = [];
    const events = [];
    for (const [i, b] of batch.entries()) {
      const id = ids[i].id;
      if (b.abandonedAt === null) continue;
      const abandoned = toDbTime(new Date(b.abandonedAt));
      for (let step = 1; step <= b.steps; step++) {
        const at = toDbTime(new Date(b.abandonedAt + step * 3_600_000));
        const status = step === b.steps && b.session.status === 'abandoned' && step === 3 ? 'failed' : 'sent';
        notifications.push({
          session_id: id,
          step,
          status,
          trigger_source: 'abandonment_sequence',
          recipient_mask: b.mask,
          abandoned_at: abandoned,
          scheduled_at: at,
          attempts: 1,
          sent_at: status === 'sent' ? at : null,
          failed_at: status === 'failed' ? at : null,
          created_at: abandoned,
          updated_at: at,
        } as const);
      }
      events.push({ session_id: id, type: 'abandoned', data: '{}', created_at: abandoned });
      if (b.clicked)
        events.push({
          session_id: id,
          type: 'restore_clicked',
          data: '{}',
          created_at: b.session.restore_clicked_at ?? abandoned,
        });
    }
    if (notifications.length > 0) await trx.insertInto('cr_notifications').values(notifications).execute();
    if (events.length > 0) await trx.insertInto('cr_events').values(events).execute();
    await bumpTopics(trx, CART_RECOVERY_TOPICS.sessions);
  });
}
