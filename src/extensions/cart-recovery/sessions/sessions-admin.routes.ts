import { Type } from '@sinclair/typebox';
import { pageWindow, setPaginationHeaders } from '../../../platform/http/collection.js';
import { invalid, NotFoundError } from '../../../platform/http/errors.js';
import type { RestApp } from '../../../platform/http/server.js';
import { notificationsPage, sessionsPage, sessionWithHistory } from '../agent/session-reads.service.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { hashEmail, isValidEmail } from '../common/email-address.js';
import {
  type NotificationState,
  PENDING_NOTIFICATION_STATES,
  type SessionState,
} from './session-states.constants.js';
import {
  AdminNotification,
  AdminNotificationsQuery,
  AdminSessionDetail,
  AdminSessionParams,
  AdminSessionsQuery,
  AdminSessionSummary,
} from './sessions-admin.schemas.js';
import { adminSessionDetail, adminSessionSummary, listedNotification } from './admin-session-view.js';

/** The hash of a searched address; anything but a whole address is refused (only the hash is indexed). */
function searchedHash(search: string | undefined): string | undefined {
  if (search === undefined) return undefined;
  if (!isValidEmail(search))
    throw invalid('search', 'format', 'search must be a whole e-mail address (matched exactly).');
  return hashEmail(search);
}

/** The e-mail states a `status` filter stands for (`pending`: every state that may still lead to a send). */
function notificationStates(status: string | undefined): readonly NotificationState[] | undefined {
  if (status === undefined) return undefined;
  return status === 'pending' ? PENDING_NOTIFICATION_STATES : [status as NotificationState];
}

/** `GET /sessions`, `GET /sessions/{id}` and `GET /notifications` for the admin screens (manage_shop). */
export function registerSessionAdminRoutes(app: RestApp, cr: CartRecovery): void {
  const tags = ['cartrecovery'];

  app.get(
    '/cartrecovery/v1/sessions',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'Sessions newest first, by status and by e-mail address (paged).',
        querystring: AdminSessionsQuery,
        response: { 200: Type.Array(AdminSessionSummary) },
      },
    },
    async (request, reply) => {
      const emailHash = searchedHash(request.query.search);
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 20;
      const { rows, total, notifications } = await sessionsPage(cr.ctx.db, {
        states: request.query.status ? [request.query.status as SessionState] : undefined,
        emailHash,
        ...pageWindow(page, perPage),
      });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: cr.ctx.config.publicUrl });
      return rows.map((row) =>
        adminSessionSummary(
          row,
          notifications.filter((n) => n.session_id === row.id),
        ),
      );
    },
  );

  app.get(
    '/cartrecovery/v1/sessions/:id',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'One session with its cart, e-mails and timeline.',
        params: AdminSessionParams,
        response: { 200: AdminSessionDetail },
      },
    },
    async (request) => {
      const found = await sessionWithHistory(cr.ctx.db, request.params.id, { withEvents: true });
      if (!found) throw new NotFoundError('cartrecovery_session_not_found', 'No session has this id.');
      return adminSessionDetail(found.session, found.notifications, found.events ?? []);
    },
  );

  app.get(
    '/cartrecovery/v1/notifications',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'Recovery e-mails newest first, by status, step and address (paged).',
        querystring: AdminNotificationsQuery,
        response: { 200: Type.Array(AdminNotification) },
      },
    },
    async (request, reply) => {
      const emailHash = searchedHash(request.query.search);
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 20;
      const { rows, total } = await notificationsPage(cr.ctx.db, {
        states: notificationStates(request.query.status as string | undefined),
        step: request.query.step,
        emailHash,
        ...pageWindow(page, perPage),
      });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: cr.ctx.config.publicUrl });
      return rows.map(listedNotification);
    },
  );
}
