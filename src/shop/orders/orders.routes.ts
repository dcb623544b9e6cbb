import { type Static, Type } from '@sinclair/typebox';
import { principalUser } from '../../platform/auth/principal.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { registerBatchRoute } from '../../platform/http/batch.js';
import { pageWindow, setPaginationHeaders } from '../../platform/http/collection.js';
import { invalid, RestError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import { parseMoney } from '../catalog/money.js';
import type { OrderStatus } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { createAdminOrder } from './admin-orders.service.js';
import { ORDER_STATUSES } from './order-status.js';
import { orderView, refundView } from './order-view.js';
import {
  OrderCreateBody,
  OrderIdParams,
  OrderListQuery,
  OrderSchema,
  OrderUpdateBody,
  RefundCreateBody,
  RefundIdParams,
  RefundListItemSchema,
  RefundListQuery,
  RefundSchema,
} from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';
import type { RefundsService } from './refunds.service.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: orders'];

/** `wc/v3/orders` (list, read, create, update, trash) and `wc/v3/orders/{id}/refunds` for shop managers. */
export function registerOrderRoutes(
  app: RestApp,
  deps: { ctx: ShopContext; orders: OrdersService; refunds: RefundsService },
): void {
  const { ctx, orders, refunds } = deps;
  const money = (minor: number) => ctx.shop.formatMoney(minor);
  registerBatchRoute(app, {
    url: '/wc/v3/orders/batch',
    collection: () => '/wc/v3/orders',
    auth: AUTH,
    tags: TAGS,
    summary: 'Create, update and delete up to 100 orders in one request.',
  });

  app.get(
    '/wc/v3/orders',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List orders (newest first).',
        querystring: OrderListQuery,
        response: { 200: Type.Array(OrderSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { page = 1, per_page: perPage = 10 } = q;
      const status = parseStatusFilter(q.status);
      const { items, total } = await orders.list({
        ...status,
        customerId: q.customer,
        search: q.search,
        createdAfter: q.after ? dbTime(q.after, 'after') : undefined,
        createdBefore: q.before ? dbTime(q.before, 'before') : undefined,
        orderBy: q.orderby,
        order: q.order,
        ...pageWindow(page, perPage),
      });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      return items.map((o) => orderView(o, money));
    },
  );

  app.post(
    '/wc/v3/orders',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Create an order.',
        body: OrderCreateBody,
        response: { 201: OrderSchema },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const order = await createAdminOrder(ctx, orders, {
        status: b.status as OrderStatus | null | undefined,
        setPaid: b.set_paid,
        customerId: b.customer_id,
        customerNote: b.customer_note,
        billing: b.billing,
        shipping: b.shipping,
        paymentMethod: b.payment_method,
        paymentMethodTitle: b.payment_method_title,
        transactionId: b.transaction_id,
        lineItems: b.line_items ?? [],
        feeLines: b.fee_lines,
        couponLines: b.coupon_lines,
        shippingLines: b.shipping_lines,
        meta: b.meta_data,
      });
      reply.code(201);
      reply.header('Location', `${ctx.config.publicUrl}/wp-json/wc/v3/orders/${order.id}`);
      return orderView(order, money);
    },
  );

  app.get(
    '/wc/v3/orders/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read an order.',
        params: OrderIdParams,
        response: { 200: OrderSchema },
      },
    },
    async (request) => orderView(await orders.require(request.params.id), money),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/wc/v3/orders/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          'Update an order (any status may be set; `refunded` refunds what is left; `set_paid` stamps date_paid).',
        params: OrderIdParams,
        body: OrderUpdateBody,
        response: { 200: OrderSchema },
      },
      handler: async (request) => {
        const { id } = request.params as Static<typeof OrderIdParams>;
        const body = request.body as Static<typeof OrderUpdateBody>;
        const refundedBy = principalUser(request.principal)?.id ?? null;
        const order = await orders.update(
          id,
          {
            status: body.status as OrderStatus | null | undefined,
            set_paid: body.set_paid,
            billing: body.billing,
            shipping: body.shipping,
            customer_note: body.customer_note,
            payment_method: body.payment_method,
            payment_method_title: body.payment_method_title,
            transaction_id: body.transaction_id,
            meta_data: body.meta_data,
          },
          (trx, current) => refunds.refundRemaining(trx, current, refundedBy),
        );
        return orderView(order, money);
      },
    });
  }

  app.delete(
    '/wc/v3/orders/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Move an order to the trash (`force=true`: delete it for good).',
        params: OrderIdParams,
        querystring: Type.Object({ force: Type.Optional(Type.Boolean()) }),
        response: { 200: OrderSchema },
      },
    },
    async (request) => orderView(await orders.trash(request.params.id, request.query.force === true), money),
  );

  app.get(
    '/wc/v3/orders/:id/refunds',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'The refunds of an order (newest first).',
        params: OrderIdParams,
        response: { 200: Type.Array(RefundSchema) },
      },
    },
    async (request) => {
      const order = await orders.require(request.params.id);
      return order.refunds.map((r) => refundView(order, r, money));
    },
  );

  app.post(
    '/wc/v3/orders/:id/refunds',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Refund an order, partly or fully (never above what is left).',
        params: OrderIdParams,
        body: RefundCreateBody,
        response: { 201: RefundSchema },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const minor = (value: string | number, field: string) => {
        const parsed = parseMoney(String(value).trim(), ctx.shop.currency.minorUnit);
        if (parsed === null)
          throw invalid(field, 'numeric', `${field} must be a non-negative decimal amount.`);
        return parsed;
      };
      const { order, refund } = await refunds.create(request.params.id, {
        amount: b.amount === undefined ? undefined : minor(b.amount, 'amount'),
        reason: b.reason ?? '',
        lineItems: b.line_items?.map((l) => ({
          id: l.id,
          product_id: l.product_id,
          variation_id: l.variation_id,
          quantity: l.quantity ?? 0,
          refund_total: l.refund_total === undefined ? 0 : minor(l.refund_total, 'line_items'),
        })),
        restock: b.api_restock ?? true,
        apiRefund: b.api_refund ?? true,
        refundedBy: principalUser(request.principal)?.id ?? null,
      });
      reply.code(201);
      return refundView(order, refund, money);
    },
  );

  app.get(
    '/wc/v3/orders/:id/refunds/:refund_id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'One refund of an order.',
        params: RefundIdParams,
        response: { 200: RefundSchema },
      },
    },
    async (request) => {
      const { order, refund } = await refunds.require(request.params.id, request.params.refund_id);
      return refundView(order, refund, money);
    },
  );

  app.delete(
    '/wc/v3/orders/:id/refunds/:refund_id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          "Delete a refund for good (force=true required: refunds have no trash); the order's refunded total goes down.",
        params: RefundIdParams,
        querystring: Type.Object({ force: Type.Optional(Type.Boolean()) }),
        response: { 200: RefundSchema },
      },
    },
    async (request) => {
      const { id, refund_id: refundId } = request.params;
      if (request.query.force !== true) {
        await refunds.require(id, refundId);
        throw new RestError('woocommerce_rest_trash_not_supported', 'Refunds do not support trashing.', 501);
      }
      const { order, refund } = await refunds.remove(id, refundId);
      return refundView(order, refund, money);
    },
  );

  app.get(
    '/wc/v3/refunds',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          'The refunds of every order (newest first; parent=<order ids> narrows them), with parent_id.',
        querystring: RefundListQuery,
        response: { 200: Type.Array(RefundListItemSchema) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page: perPage = 10, parent, order = 'desc' } = request.query;
      const { items, total } = await refunds.list({ parents: parent, order, ...pageWindow(page, perPage) });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      return items.map(({ order: o, refund }) => ({ parent_id: o.id, ...refundView(o, refund, money) }));
    },
  );
}

function parseStatusFilter(value: string | undefined): { statuses?: OrderStatus[]; trashed?: boolean } {
  if (!value || value === 'any') return {};
  if (value === 'trash') return { trashed: true };
  const statuses = value.split(',').map((s) => s.trim());
  for (const s of statuses)
    if (!ORDER_STATUSES.includes(s as OrderStatus))
      throw invalid('status', 'in', `status must be one of any, trash, ${ORDER_STATUSES.join(', ')}.`);
  return { statuses: statuses as OrderStatus[] };
}

function dbTime(value: string, field: string): string {
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/.test(value);
  const date = new Date(hasZone ? value : `${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) throw invalid(field, 'date', `${field} must be a date-time.`);
  return toDbTime(date);
}
