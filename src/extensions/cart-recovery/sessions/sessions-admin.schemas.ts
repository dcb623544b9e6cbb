import { type Static, Type } from '@sinclair/typebox';
import { paginationQuery } from '../../../platform/http/collection.js';
import { NOTIFICATION_FILTERS, NOTIFICATION_STATES, SESSION_STATES } from './session-states.constants.js';

/** A string enum of `values` (typed as their union). */
const OneOf = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
const SessionStatus = OneOf(SESSION_STATES);
const NotificationStatus = OneOf(NOTIFICATION_STATES);
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Time = Type.String({ description: 'UTC time, `YYYY-MM-DD HH:MM:SS`.' });
const NullableTime = Nullable(Time);

const EmailSearch = Type.String({
  minLength: 3,
  maxLength: 254,
  description: 'A whole e-mail address, matched exactly (case-insensitively) through its stored hash.',
});

/** `GET /cartrecovery/v1/sessions` query. */
export const AdminSessionsQuery = Type.Object({
  ...paginationQuery(20),
  status: Type.Optional(SessionStatus),
  search: Type.Optional(EmailSearch),
});

/** `GET /cartrecovery/v1/notifications` query. */
export const AdminNotificationsQuery = Type.Object({
  ...paginationQuery(20),
  status: Type.Optional(
    OneOf(NOTIFICATION_FILTERS, {
      description: 'An e-mail state, or `pending` for queued and retry_queued together.',
    }),
  ),
  step: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  search: Type.Optional(EmailSearch),
});

/** `{id}` of `GET /cartrecovery/v1/sessions/{id}` (the capture's session_id). */
export const AdminSessionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** A cart value in minor units with its currency. */
const CartValue = Type.Object({
  minor: Type.Integer({ description: 'Cart total in the currency’s minor units.' }),
  currency: Type.String(),
});

/** One session in the admin list. */
export const AdminSessionSummary = Type.Object({
  id: Type.String({ description: 'The capture’s session_id.' }),
  email: Type.String(),
  status: SessionStatus,
  is_test: Type.Boolean(),
  item_count: Type.Integer(),
  cart_value: CartValue,
  captured_at: Time,
  last_activity_at: Time,
  abandoned_at: NullableTime,
  recovered_at: NullableTime,
  step_reached: Type.Integer({ minimum: 0, maximum: 3, description: 'Highest e-mail step sent (0: none).' }),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
});

/** One e-mail of a session or of the notifications list. */
export const AdminNotification = Type.Object({
  id: Type.Integer(),
  session_id: Type.String(),
  email: Type.String(),
  step: Type.Integer(),
  status: NotificationStatus,
  trigger: Type.String(),
  attempts: Type.Integer(),
  scheduled_at: Time,
  sent_at: NullableTime,
  failed_at: NullableTime,
  canceled_at: NullableTime,
  cancel_reason: Nullable(Type.String()),
  last_error: Nullable(Type.String()),
  restore_clicked_at: NullableTime,
});

/** One timeline entry: what happened, when, and its details (step, order_id, reason…). */
export const TimelineEntry = Type.Object({
  type: Type.String({
    description: 'captured, updated, abandoned, email_sent, email_failed, restore_clicked, recovered…',
  }),
  at: Time,
  data: Type.Record(Type.String(), Type.Unknown()),
});

/** `GET /cartrecovery/v1/sessions/{id}`: the session, its cart lines, e-mails and timeline. */
export const AdminSessionDetail = Type.Object({
  ...AdminSessionSummary.properties,
  source: Type.String(),
  consent_at: Time,
  consent_text: Type.String(),
  converted_at: NullableTime,
  ended_at: NullableTime,
  restore_clicked_at: NullableTime,
  recovered_step: Type.Union([Type.Integer(), Type.Null()]),
  recovered_revenue_minor: Type.Integer(),
  coupon_code: Nullable(Type.String()),
  items: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      variation_id: Type.Integer(),
      name: Type.String(),
      quantity: Type.Integer(),
      line_total_minor: Type.Integer(),
    }),
  ),
  emails: Type.Array(AdminNotification),
  timeline: Type.Array(TimelineEntry),
});

/** A session in the admin list. */
export type AdminSessionSummary = Static<typeof AdminSessionSummary>;
/** A session with its timeline. */
export type AdminSessionDetail = Static<typeof AdminSessionDetail>;
/** An e-mail (notification). */
export type AdminNotification = Static<typeof AdminNotification>;
/** A timeline entry. */
export type TimelineEntry = Static<typeof TimelineEntry>;
