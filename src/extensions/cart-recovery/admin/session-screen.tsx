import { __, sprintf } from '@wordpress/i18n';
import { Link, useLocation, useParams } from 'wouter';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { AdminSessionDetail, TimelineEntry } from '../sessions/sessions-admin.schemas.js';
import { formatMinor, sessionPath } from './cart-recovery-client.js';
import { SessionActions } from './session-actions.js';
import { EMAIL_STATUS_LABELS, SESSION_STATUS_LABELS } from './status-labels.js';
import './cart-recovery-admin.css';

/** One recovery session: its cart, e-mails, timeline and actions. */
export default function SessionScreen() {
  const id = useParams<{ id: string }>().id ?? '';
  const [, navigate] = useLocation();
  const invalidate = useInvalidate();
  const query = useApiQuery<AdminSessionDetail>(sessionPath(id));
  useErrorNotice(query.error);
  const session = query.data ?? null;
  const missing = query.isError;

  return (
    <>
      <ScreenHeader
        title={
          session ? sprintf(__('Session of %s', 'storeside'), session.email) : __('Session', 'storeside')
        }
      />
      <p>
        <Link href="/cart-recovery/sessions">{__('← All sessions', 'storeside')}</Link>
      </p>
      {session ? (
        <div className="cr-session-grid">
          <Summary session={session} />
          <SessionActions
            session={session}
            onDone={(deleted) =>
              deleted ? navigate('/cart-recovery/sessions') : invalidate('/cartrecovery/v1/')
            }
          />
          <Emails session={session} />
          <section className="cr-panel" aria-labelledby="cr-timeline-title">
            <h2 id="cr-timeline-title">{__('Timeline', 'storeside')}</h2>
            <ol className="cr-timeline">
              {session.timeline.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is append-only and its events have no id
                <li key={`${entry.at}-${index}`}>
                  <time dateTime={`${entry.at.replace(' ', 'T')}Z`}>{entry.at}</time>
                  {timelineText(entry)}
                </li>
              ))}
            </ol>
          </section>
        </div>
      ) : missing ? null : (
        <p aria-live="polite">{__('Loading…', 'storeside')}</p>
      )}
    </>
  );
}

function Summary({ session }: { session: AdminSessionDetail }) {
  const currency = session.cart_value.currency;
  return (
    <section className="cr-panel" aria-labelledby="cr-summary-title">
      <h2 id="cr-summary-title">{__('Cart', 'storeside')}</h2>
      <p>
        <span className={`storeside-badge ${session.status}`}>
          {SESSION_STATUS_LABELS[session.status] ?? session.status}
        </span>{' '}
        {formatMinor(session.cart_value.minor, currency)}
      </p>
      <ul>
        {session.items.map((item) => (
          <li key={`${item.product_id}-${item.variation_id}`}>
            {sprintf(
              '%1$d × %2$s — %3$s',
              item.quantity,
              item.name,
              formatMinor(item.line_total_minor, currency),
            )}
          </li>
        ))}
      </ul>
      {session.order_id ? (
        <p>
          {__('Recovered order:', 'storeside')}{' '}
          <Link href={`/shop/orders/${session.order_id}`}>{`#${session.order_id}`}</Link>{' '}
          {formatMinor(session.recovered_revenue_minor, currency)}
        </p>
      ) : null}
    </section>
  );
}

function Emails({ session }: { session: AdminSessionDetail }) {
  return (
    <section className="cr-panel" aria-labelledby="cr-emails-title">
      <h2 id="cr-emails-title">{__('E-mails', 'storeside')}</h2>
      <table className="widefat striped">
        <thead>
          <tr>
            <th scope="col">{__('Step', 'storeside')}</th>
            <th scope="col">{__('State', 'storeside')}</th>
            <th scope="col">{__('When', 'storeside')}</th>
            <th scope="col">{__('Attempts', 'storeside')}</th>
          </tr>
        </thead>
        <tbody>
          {session.emails.map((email) => (
            <tr key={email.id}>
              <th scope="row">{sprintf(__('E-mail %d', 'storeside'), email.step)}</th>
              <td>
                {EMAIL_STATUS_LABELS[email.status] ?? email.status}
                {email.last_error ? <span className="storeside-muted"> — {email.last_error}</span> : null}
              </td>
              <td>{email.sent_at ?? email.failed_at ?? email.canceled_at ?? email.scheduled_at}</td>
              <td>{email.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** What a timeline entry says. */
function timelineText(entry: TimelineEntry): string {
  const step = typeof entry.data.step === 'number' ? entry.data.step : null;
  switch (entry.type) {
    case 'captured':
      return __('Cart captured', 'storeside');
    case 'updated':
      return __('Cart updated', 'storeside');
    case 'reactivated':
      return __('Shopper came back', 'storeside');
    case 'abandoned':
      return __('Cart abandoned', 'storeside');
    case 'email_sent':
      return sprintf(__('E-mail %d sent', 'storeside'), step ?? 0);
    case 'email_failed':
      return sprintf(__('E-mail %d failed', 'storeside'), step ?? 0);
    case 'email_skipped':
      return sprintf(__('E-mail %d skipped', 'storeside'), step ?? 0);
    case 'emails_canceled':
      return __('Pending e-mails cancelled', 'storeside');
    case 'restore_clicked':
      return __('Restore link clicked', 'storeside');
    case 'cart_restore_failed':
      return __('Cart could not be restored', 'storeside');
    case 'recovered':
      return sprintf(__('Recovered by order #%s', 'storeside'), String(entry.data.order_id ?? '?'));
    case 'completed_before_abandonment':
      return __('Bought before abandoning', 'storeside');
    case 'unsubscribed':
      return __('Unsubscribed', 'storeside');
    case 'expired':
      return __('Expired', 'storeside');
    default:
      return entry.type;
  }
}
