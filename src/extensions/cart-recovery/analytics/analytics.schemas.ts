import { type Static, Type } from '@sinclair/typebox';

const ByStep = Type.Object(
  { '1': Type.Number(), '2': Type.Number(), '3': Type.Number() },
  { description: 'One entry per e-mail step of the campaign.' },
);

/** Query of the analytics routes: `days` 7, 30 or 90 (default 30) and the window (current or previous). */
export const AnalyticsQuery = Type.Object({
  days: Type.Optional(
    Type.Union([Type.Literal(7), Type.Literal(30), Type.Literal(90)], {
      default: 30,
      description: 'Period in days: 7, 30 or 90.',
    }),
  ),
  window: Type.Optional(
    Type.Union([Type.Literal('current'), Type.Literal('previous')], {
      default: 'current',
      description:
        'The last `days` days (current) or the `days` days before them (previous, for comparison).',
    }),
  ),
});

/** The analytics report (reference §3 metrics; money in store-currency decimals). */
export const AnalyticsReportSchema = Type.Object({
  period_days: Type.Integer(),
  currency: Type.String(),
  tracked: Type.Integer(),
  abandoned: Type.Integer(),
  recovered: Type.Integer(),
  restored: Type.Integer(),
  completed_before_abandonment: Type.Integer(),
  abandoned_value: Type.Number(),
  revenue: Type.Number(),
  recovery_rate: Type.Number(),
  restore_clicks: Type.Integer(),
  click_to_recovery_rate: Type.Number(),
  emails_queued: Type.Integer(),
  emails_sent: Type.Integer(),
  emails_failed: Type.Integer(),
  emails_unknown: Type.Integer(),
  email_send_rate: Type.Number(),
  revenue_by_step: ByStep,
  recoveries_by_step: ByStep,
  revenue_without_step: Type.Number({
    description: 'Revenue of recoveries no e-mail step led to (no e-mail sent or clicked before the order).',
  }),
  recoveries_without_step: Type.Integer({
    description: 'Recoveries no e-mail step led to (no e-mail sent or clicked before the order).',
  }),
  best_step: Type.Union([Type.Integer(), Type.Null()]),
  average_time_to_recovery: Type.Integer(),
  returning_shopper_count: Type.Integer(),
  repeat_abandoned_shopper_count: Type.Integer(),
  failed_restore_count: Type.Integer(),
  generated_at: Type.String(),
});

/** The analytics report as the route answers it. */
export type AnalyticsReportBody = Static<typeof AnalyticsReportSchema>;
