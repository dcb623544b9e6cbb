import { sql } from 'kysely';
import type { DbOrTrx } from '../../../platform/db/database.js';

/** Raw aggregates of one window (every query is a range scan on a covering index). */
export interface AnalyticsAggregates {
  tracked: number;
  abandoned: { count: number; value: number; returning: number; repeatShoppers: number };
  recoveredByStep: Array<{ step: number; count: number; revenue: number; seconds: number; restored: number }>;
  converted: number;
  notifications: { queued: number; sent: number; failed: number; unknown: number; attempted: number };
  events: Record<string, number>;
}

/** Later than any stored time: the upper bound of a window that ends now. */
const OPEN_END = '9999-12-31 23:59:59';

/** Reads every aggregate of the window [`since`, `until`) (stored UTC text; `until` defaults to open-ended). */
export async function readAggregates(
  db: DbOrTrx,
  since: string,
  until: string = OPEN_END,
): Promise<AnalyticsAggregates> {
  const [tracked, abandoned, repeat, recovered, converted, notifications, events] = await Promise.all([
    db
      .selectFrom('cr_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('captured_at', '>=', since)
      .where('captured_at', '<', until)
      .where('is_test', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cr_sessions')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('cart_total'), sql<number>`0`).as('value'),
        eb.fn
          .coalesce(eb.fn.sum<number>(sql`case when capture_count > 1 then 1 else 0 end`), sql<number>`0`)
          .as('returning'),
      ])
      .where('abandoned_at', '>=', since)
      .where('abandoned_at', '<', until)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom(
        db
          .selectFrom('cr_sessions')
          .select('email_hash')
          // email_hash > '' (not <>) keeps this a range scan of the (email_hash, abandoned_at) index.
          .where('email_hash', '>', '')
          .where('abandoned_at', '>=', since)
          .where('abandoned_at', '<', until)
          .groupBy('email_hash')
          .having((eb) => eb.fn.countAll(), '>', 1)
          .as('repeaters'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cr_sessions')
      .select((eb) => [
        'recovered_step',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('recovered_revenue').as('revenue'),
        eb.fn.coalesce(eb.fn.sum<number>('recovery_seconds'), sql<number>`0`).as('seconds'),
        eb.fn.count<number>('restore_clicked_at').as('restored'),
      ])
      .where('recovered_at', '>=', since)
      .where('recovered_at', '<', until)
      .groupBy('recovered_step')
      .execute(),
    db
      .selectFrom('cr_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('converted_at', '>=', since)
      .where('converted_at', '<', until)
      .executeTakeFirstOrThrow(),
    // One pass over the covering (abandoned_at, status, attempts) index; conditional sums avoid a sort.
    db
      .selectFrom('cr_notifications')
      .select((eb) => [
        eb.fn
          .sum<number>(sql`case when status in ('queued', 'retry_queued', 'sending') then 1 else 0 end`)
          .as('queued'),
        eb.fn.sum<number>(sql`case when status = 'sent' then 1 else 0 end`).as('sent'),
        eb.fn.sum<number>(sql`case when status = 'failed' then 1 else 0 end`).as('failed'),
        eb.fn.sum<number>(sql`case when status = 'unknown' then 1 else 0 end`).as('unknown'),
        eb.fn.sum<number>(sql`case when attempts > 0 then 1 else 0 end`).as('attempted'),
      ])
      .where('abandoned_at', '>=', since)
      .where('abandoned_at', '<', until)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cr_events')
      .select((eb) => ['type', eb.fn.countAll<number>().as('n')])
      .where('type', 'in', ['restore_clicked', 'cart_restore_failed'])
      .where('created_at', '>=', since)
      .where('created_at', '<', until)
      .groupBy('type')
      .execute(),
  ]);
  return {
    tracked: Number(tracked.n),
    abandoned: {
      count: Number(abandoned.n),
      value: Number(abandoned.value),
      returning: Number(abandoned.returning),
      repeatShoppers: Number(repeat.n),
    },
    recoveredByStep: recovered.map((r) => ({
      step: Number(r.recovered_step ?? 0),
      count: Number(r.n),
      revenue: Number(r.revenue ?? 0),
      seconds: Number(r.seconds),
      restored: Number(r.restored),
    })),
    converted: Number(converted.n),
    notifications: {
      queued: Number(notifications.queued ?? 0),
      sent: Number(notifications.sent ?? 0),
      failed: Number(notifications.failed ?? 0),
      unknown: Number(notifications.unknown ?? 0),
      attempted: Number(notifications.attempted ?? 0),
    },
    events: Object.fromEntries(events.map((e) => [e.type, Number(e.n)])),
  };
}
