import { sql } from 'kysely';
import type { DbOrTrx } from '../../../platform/db/database.js';

/** Raw aggregates of one window (every query is a range scan on a covering index). */
export interface AnalyticsAggregates {
  tracked: number;
  abandoned: { count: number; value: number; returning: number; repeatShoppers: number };
  recoveredByStep: Array<{ step: number; count: number; revenue: number; seconds: number; restored: number }>;
  converted: number;
  notifications: Array<{ status: string; count: number; attempted: number }>;
  events: Record<string, number>;
}

/** Reads every aggregate of the window starting at `since` (stored UTC text). */
export async function readAggregates(db: DbOrTrx, since: string): Promise<AnalyticsAggregates> {
  const [tracked, abandoned, repeat, recovered, converted, notifications, events] = await Promise.all([
    db
      .selectFrom('cr_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('captured_at', '>=', since)
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
      .executeTakeFirstOrThrow(),
    db
      .selectFrom(
        db
          .selectFrom('cr_sessions')
          .select('email_hash')
          .where('abandoned_at', '>=', since)
          .where('email_hash', '<>', '')
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
      .groupBy('recovered_step')
      .execute(),
    db
      .selectFrom('cr_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('converted_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cr_notifications')
      .select((eb) => [
        'status',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql`case when attempts > 0 then 1 else 0 end`).as('attempted'),
      ])
      .where('abandoned_at', '>=', since)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('cr_events')
      .select((eb) => ['type', eb.fn.countAll<number>().as('n')])
      .where('type', 'in', ['restore_clicked', 'cart_restore_failed'])
      .where('created_at', '>=', since)
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
    notifications: notifications.map((r) => ({
      status: r.status,
      count: Number(r.n),
      attempted: Number(r.attempted ?? 0),
    })),
    events: Object.fromEntries(events.map((e) => [e.type, Number(e.n)])),
  };
}
