import { Type } from '@sinclair/typebox';
import type { ExtensionContext } from '../../define-extension.js';
import { pageWindow, setPaginationHeaders } from '../../../platform/http/collection.js';
import { sendJsonBytes } from '../../../platform/http/encoded-body.js';
import type { RestApp } from '../../../platform/http/server.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { exportFileName, exportLedgerCsv } from './ledger-export.service.js';
import { adminCustomerView } from '../customers/loyalty-customer.service.js';
import {
  adjustPoints,
  LEDGER_PAGE_TOPICS,
  type LedgerFilter,
  ledgerPageJson,
  searchUsers,
  type TransactionType,
} from './ledger-admin.service.js';
import {
  AdjustBody,
  AdjustResult,
  CustomerParams,
  ExportQuery,
  LedgerEntrySchema,
  LedgerQuery,
  MeQuery,
  MeResult,
  SearchUsersQuery,
  UserSearchItem,
} from '../loyalty.schemas.js';

const tags = ['loyalty'];

/** Administrator routes of `loyalty/v1`: ledger, adjustments, user search, CSV export. */
export function loyaltyAdminRoutes(app: RestApp, ctx: ExtensionContext): void {
  app.get(
    '/loyalty/v1/ledger',
    {
      config: { auth: ADMIN_POLICY, cache: { topics: LEDGER_PAGE_TOPICS } },
      schema: {
        tags,
        summary: 'Ledger entries, newest first, with X-WP-Total and X-WP-TotalPages.',
        querystring: LedgerQuery,
        response: { 200: Type.Array(LedgerEntrySchema) },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 20;
      const { body, total } = await ledgerPageJson(ctx, filterOf(request.query), pageWindow(page, perPage));
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      // Already serialized (same shape and order as the response schema).
      sendJsonBytes(request, reply, body);
      // Awaiting the reply waits until it is sent (onSend hooks may wait), so Fastify never sends it twice.
      await reply;
    },
  );

  app.post(
    '/loyalty/v1/user-points',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'Credits or debits a customer by hand (optional Idempotency-Key header).',
        body: AdjustBody,
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        }),
        response: { 200: AdjustResult },
      },
    },
    async (request) => {
      const principal = request.principal;
      const actorId = principal.kind === 'user' ? principal.user.id : 0;
      return adjustPoints(ctx, {
        actorId,
        userId: request.body.user_id,
        amount: request.body.amount,
        type: request.body.type as TransactionType,
        reason: request.body.reason,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      });
    },
  );

  app.get(
    '/loyalty/v1/user-points/search-users',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'Users whose name, e-mail or username contains the term, with their balance.',
        querystring: SearchUsersQuery,
        response: { 200: Type.Array(UserSearchItem) },
      },
    },
    async (request) => searchUsers(ctx, request.query.search, request.query.limit ?? 10),
  );

  app.get(
    '/loyalty/v1/customers/:id',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: "A customer's loyalty view (balance, tier, referral link, recent history) for the admin.",
        params: CustomerParams,
        querystring: MeQuery,
        response: { 200: MeResult },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 10;
      const { view, total } = await adminCustomerView(ctx, request.params.id, pageWindow(page, perPage));
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      return view;
    },
  );

  app.get(
    '/loyalty/v1/export/ledger',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'The filtered ledger as a streamed CSV download, oldest first.',
        querystring: ExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName(ctx.clock.now())}"`)
        .header('Cache-Control', 'no-store');
      return reply.send(exportLedgerCsv(ctx, filterOf(request.query)));
    },
  );
}

// The route type provider cannot see through `Type.Unsafe` enums; the schema has validated them.
function filterOf(query: {
  user_id?: number;
  transaction_type?: unknown;
  reference_type?: unknown;
  date_from?: string;
  date_to?: string;
}): LedgerFilter {
  return {
    userId: query.user_id,
    transactionType: query.transaction_type as LedgerFilter['transactionType'],
    referenceType: query.reference_type as LedgerFilter['referenceType'],
    dateFrom: query.date_from,
    dateTo: query.date_to,
  };
}
