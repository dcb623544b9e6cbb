import { type Static, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { setSessionCookie } from '../../platform/auth/session-cookie.js';
import { startSession } from '../../platform/auth/sessions.service.js';
import { refusePasswordThroughKey } from '../../platform/auth/user-edit-policy.js';
import { userView } from '../../platform/auth/user-view.js';
import { pageWindow, setPaginationHeaders } from '../../platform/http/collection.js';
import { registerBatchRoute } from '../../platform/http/batch.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { customersPage, customerViews } from './customer-search.service.js';
import {
  CustomerCreateBody,
  CustomerDeleteQuery,
  CustomerIdParams,
  CustomerListQuery,
  CustomerResponse,
  CustomerWriteBody,
  RegisterBody,
  RegisterResponse,
} from './customers.schemas.js';
import {
  changeShopCustomer,
  createShopCustomer,
  deleteShopCustomer,
  requireCustomer,
} from './customers.service.js';
import { REFERRAL_COOKIE, referralCode, registerCustomer } from './registration.service.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: customers'];
// A password written with a REST API key is refused before validation (it would outlive the key).
const passwordRule = async (request: FastifyRequest) =>
  refusePasswordThroughKey(request.principal, request.body);

/** `POST /auth/v1/register` (public customer sign-up) and `wc/v3/customers` (CRUD and batch) for managers. */
export function registerCustomerRoutes(app: RestApp, ctx: ShopContext): void {
  registerBatchRoute(app, {
    url: '/wc/v3/customers/batch',
    collection: () => '/wc/v3/customers',
    auth: AUTH,
    tags: TAGS,
    summary: 'Create, update and delete up to 100 customers in one request.',
  });
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
      return customerViews(ctx, rows);
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
    async (request) => requireCustomer(ctx, request.params.id),
  );

  app.post(
    '/wc/v3/customers',
    {
      config: { auth: AUTH },
      preValidation: passwordRule,
      schema: {
        tags: TAGS,
        summary: 'Create a customer (role customer; a random password when none is given).',
        body: CustomerCreateBody,
        response: { 201: CustomerResponse },
      },
    },
    async (request, reply) => {
      const customer = await createShopCustomer(ctx, request.body);
      reply.code(201);
      reply.header('Location', `${ctx.config.publicUrl}/wp-json/wc/v3/customers/${customer.id}`);
      return customer;
    },
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/wc/v3/customers/:id',
      config: { auth: AUTH },
      preValidation: passwordRule,
      schema: {
        tags: TAGS,
        summary: "Update a customer (names, e-mail, password, addresses; the username isn't editable).",
        params: CustomerIdParams,
        body: CustomerWriteBody,
        response: { 200: CustomerResponse },
      },
      handler: async (request) =>
        changeShopCustomer(ctx, {
          actor: request.principal,
          id: (request.params as Static<typeof CustomerIdParams>).id,
          patch: request.body as Static<typeof CustomerWriteBody>,
        }),
    });
  }

  app.delete(
    '/wc/v3/customers/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          'Delete a customer for good (force=true required; reassign=<user id> receives their orders).',
        params: CustomerIdParams,
        querystring: CustomerDeleteQuery,
        response: { 200: CustomerResponse },
      },
    },
    async (request) =>
      deleteShopCustomer(ctx, {
        actor: request.principal,
        id: request.params.id,
        force: request.query.force === true,
        reassign: request.query.reassign,
      }),
  );
}
