import { SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import type { AnalyticsReportBody } from '../analytics/analytics.schemas.js';
import { BarChart } from './bar-chart.js';
import { analyticsPath, fetchAnalytics, formatMoney } from './cart-recovery-client.js';
import { useFirstVisitSetup } from './use-first-visit-setup.js';
import './cart-recovery-admin.css';

const PERIODS = [7, 30, 90] as const;
const STEPS = ['1', '2', '3'] as const;

/** The overview: the period's metrics beside the previous period's, the funnel and recoveries per e-mail step. */
export default function OverviewScreen() {
  useFirstVisitSetup();
  const [query, setQuery] = useQueryState();
  const days = (PERIODS as readonly number[]).includes(Number(query.days))
    ? (Number(query.days) as 7 | 30 | 90)
    : 30;
  const analytics = useApiQuery([analyticsPath(days, 'current'), 'with previous'], () =>
    Promise.all([fetchAnalytics(days, 'current'), fetchAnalytics(days, 'previous')]),
  );
  useErrorNotice(analytics.error);
  const reports = analytics.data ?? null;

  return (
    <>
      <ScreenHeader title={__('Cart Recovery', 'storeside')} />
      <div className="storeside-filters">
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Period', 'storeside')}
          value={String(days)}
          options={PERIODS.map((d) => ({
            value: String(d),
            label: sprintf(__('Last %d days', 'storeside'), d),
          }))}
          onChange={(value) => setQuery({ days: value === '30' ? undefined : value })}
        />
      </div>
      {reports ? (
        <Report report={reports[0]} previous={reports[1]} />
      ) : (
        <p aria-live="polite">{__('Loading…', 'storeside')}</p>
      )}
    </>
  );
}

function Report({ report, previous }: { report: AnalyticsReportBody; previous: AnalyticsReportBody }) {
  const money = (amount: number) => formatMoney(amount, report.currency);
  const count = (n: number) => n.toLocaleString();
  const percent = (n: number) => `${n.toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
  const cards: Array<[string, (r: AnalyticsReportBody) => string]> = [
    [__('Carts captured', 'storeside'), (r) => count(r.tracked)],
    [__('Carts abandoned', 'storeside'), (r) => count(r.abandoned)],
    [__('Abandoned value', 'storeside'), (r) => money(r.abandoned_value)],
    [__('Carts recovered', 'storeside'), (r) => count(r.recovered)],
    [__('Recovered revenue', 'storeside'), (r) => money(r.revenue)],
    [__('Recovery rate', 'storeside'), (r) => percent(r.recovery_rate)],
    [__('E-mails sent', 'storeside'), (r) => count(r.emails_sent)],
    [__('E-mails queued', 'storeside'), (r) => count(r.emails_queued)],
    [__('E-mails failed', 'storeside'), (r) => count(r.emails_failed)],
    [__('E-mail send rate', 'storeside'), (r) => percent(r.email_send_rate)],
    [__('Restore clicks', 'storeside'), (r) => count(r.restore_clicks)],
    [__('Click-to-recovery rate', 'storeside'), (r) => percent(r.click_to_recovery_rate)],
    [__('Restored purchases', 'storeside'), (r) => count(r.restored)],
    [__('Bought before abandoning', 'storeside'), (r) => count(r.completed_before_abandonment)],
    [__('Average time to recovery', 'storeside'), (r) => duration(r.average_time_to_recovery)],
    [
      __('Best e-mail step', 'storeside'),
      (r) => (r.best_step ? sprintf(__('Step %d', 'storeside'), r.best_step) : '—'),
    ],
    [__('Returning shoppers', 'storeside'), (r) => count(r.returning_shopper_count)],
    [__('Repeat abandoners', 'storeside'), (r) => count(r.repeat_abandoned_shopper_count)],
    [__('Failed restores', 'storeside'), (r) => count(r.failed_restore_count)],
  ];
  const funnel = [
    [__('Captured', 'storeside'), report.tracked],
    [__('Abandoned', 'storeside'), report.abandoned],
    [__('E-mailed', 'storeside'), report.emails_sent],
    [__('Clicked', 'storeside'), report.restore_clicks],
    [__('Recovered', 'storeside'), report.recovered],
  ] as const;
  const stepLabel = (step: string) => sprintf(__('E-mail %s', 'storeside'), step);
  return (
    <>
      <dl className="cr-cards">
        {cards.map(([label, value]) => (
          <div className="cr-card" key={label}>
            <dt>{label}</dt>
            <dd>
              <span className="cr-current">{value(report)}</span>
              <span className="cr-previous">
                {sprintf(__('Previous %1$d days: %2$s', 'storeside'), previous.period_days, value(previous))}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="cr-charts">
        <BarChart
          title={__('Recovery funnel', 'storeside')}
          valueLabel={__('Count', 'storeside')}
          filename={`cart-recovery-funnel-${report.period_days}d.csv`}
          bars={funnel.map(([label, value]) => ({ label, value, display: count(value) }))}
        />
        <BarChart
          title={__('Recoveries per e-mail step', 'storeside')}
          valueLabel={__('Recoveries', 'storeside')}
          filename={`cart-recovery-recoveries-by-step-${report.period_days}d.csv`}
          bars={[
            ...STEPS.map((s) => ({
              label: stepLabel(s),
              value: report.recoveries_by_step[s],
              display: count(report.recoveries_by_step[s]),
            })),
            {
              label: __('No e-mail', 'storeside'),
              value: report.recoveries_without_step,
              display: count(report.recoveries_without_step),
            },
          ]}
        />
        <BarChart
          title={__('Revenue per e-mail step', 'storeside')}
          valueLabel={sprintf(__('Revenue (%s)', 'storeside'), report.currency)}
          filename={`cart-recovery-revenue-by-step-${report.period_days}d.csv`}
          bars={[
            ...STEPS.map((s) => ({
              label: stepLabel(s),
              value: report.revenue_by_step[s],
              display: money(report.revenue_by_step[s]),
            })),
            {
              label: __('No e-mail', 'storeside'),
              value: report.revenue_without_step,
              display: money(report.revenue_without_step),
            },
          ]}
        />
      </div>
    </>
  );
}

/** Seconds as "2 h 5 min" (or "—" for none). */
function duration(seconds: number): string {
  if (seconds <= 0) return '—';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return hours > 0
    ? sprintf(__('%1$d h %2$d min', 'storeside'), hours, minutes)
    : sprintf(__('%d min', 'storeside'), Math.max(1, minutes));
}
