import { Type } from '@sinclair/typebox';
import { setSessionCookie } from '../../platform/auth/session-cookie.js';
import { startSession } from '../../platform/auth/sessions.service.js';
import { userView } from '../../platform/auth/user-view.js';
import { pageWindow, setPaginationHeaders } from '../../platform/http/collection.js';
import { NotFoundError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { customerView } from './customer-view.js';
import { customersPage, orderSummariesOf } from './customer-search.service.js';
import {
  CustomerIdParams,
  CustomerListQuery,
  CustomerResponse,
  RegisterBody,
  RegisterResponse,
} from './customers.schemas.js';
import { REFERRAL_COOKIE, referralCode, registerCustomer } from './registration.service.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: customers'];

/** `POST /auth/v1/register` (public customer sign-up) and `wc/v3/customers` list/read for managers. */
export function registerCustomerRoutes(app: RestApp, ctx: ShopContext): void {
  app.post(
    '/auth/v1/register',
    {
      config: { auth: { access: 'public', nonce: 'never' } },
      schema: {
        tags: ['auth'],
        summary:
          'Register a customer (can be turned off with the shop_registration_enabled option); logs them in and emits customer.registered.',
        body: RegisterBody,
        response: { 201: RegisterResponse },
      },
    },
    async (request, reply) => {
      const user = await registerCustomer(ctx, {
        username: request.body.username,
        email: request.body.email,
        password: request.body.password,
        referralCode: referralCode(request.body.ref, request.cookies[REFERRAL_COOKIE]),
        ip: request.ip,
      });
      // Logged in at once, as WooCommerce's My Account registration does (and a guest cart merges into theirs).
      const session = await startSession(ctx.db, ctx.clock, user.id);
      await ctx.events.emit('user.logged_in', { userId: user.id, request, reply });
      setSessionCookie(reply, ctx.config.publicUrl, session.token);
      const nonce = ctx.nonces.create({ uid: String(user.id), token: session.hash });
      reply.header('X-WP-Nonce', nonce);
      reply.code(201);
      return { user: userView(user, await ctx.capabilities.forUser(ctx.db, user)), nonce };
    },
  );

  app.get(
    '/wc/v3/customers',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List customers (role customer by default; role=all for every user).',
        querystring: CustomerListQuery,
        response: { 200: Type.Array(CustomerResponse) },
      },
    },
    async (request, reply) => {
      const {
        page = 1,
        per_page: perPage = 10,
        search,
        email,
        include,
        role = 'customer',
        orderby,
        order,
      } = request.query;
      const { rows, total } = await customersPage(ctx.db, {
        role: role === 'all' ? null : role,
        search,
        email,
        include,
        orderBy: orderby ?? 'name',
        order: order ?? 'asc',
        ...pageWindow(page, perPage),
      });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      const summaries = await orderSummariesOf(
        ctx.db,
        rows.map((r) => r.id),
      );
      return rows.map((user) => customerView(user, summaries.get(user.id)));
    },
  );

  app.get(
    '/wc/v3/customers/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a customer.',
        params: CustomerIdParams,
        response: { 200: CustomerResponse },
      },
    },
    async (request) => {
      const { rows } = await customersPage(ctx.db, {
        role: null,
        include: [request.params.id],
        orderBy: 'id',
        order: 'asc',
        offset: 0,
        limit: 1,
      });
      const user = rows[0];
      if (!user) throw new NotFoundError('woocommerce_rest_invalid_id', 'Invalid resource ID.');
      const summaries = await orderSummariesOf(ctx.db, [user.id]);
      return customerView(user, summaries.get(user.id));
    },
  );
}
