import { type Static, Type } from '@sinclair/typebox';
import { pageWindow, paginationQuery, setPaginationHeaders } from '../../platform/http/collection.js';
import { invalid } from '../../platform/http/errors.js';
import { registerBatchRoute } from '../../platform/http/batch.js';
import type { RestApp } from '../../platform/http/server.js';
import { parseMoney } from '../catalog/money.js';
import type { CouponType } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { couponView } from './coupon-view.js';
import { CouponCreateBody, CouponIdParams, CouponResponse, CouponWriteBody } from './coupons.schemas.js';
import {
  changeCoupon,
  couponUsers,
  type CouponPatch,
  createCoupon,
  removeCoupon,
  requireCoupon,
  searchCoupons,
  type StoredCoupon,
} from './coupons.service.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: coupons'];

/** `wc/v3/coupons`: CRUD for shop managers. */
export function registerCouponRoutes(app: RestApp, ctx: ShopContext): void {
  registerBatchRoute(app, {
    url: '/wc/v3/coupons/batch',
    collection: () => '/wc/v3/coupons',
    auth: AUTH,
    tags: TAGS,
    summary: 'Create, update and delete up to 100 coupons in one request.',
  });
  const minorUnit = () => ctx.shop.currency.minorUnit;
  const view = async (coupon: StoredCoupon) =>
    couponView(coupon, minorUnit(), (await couponUsers(ctx.db, [coupon])).get(coupon.id) ?? []);

  app.get(
    '/wc/v3/coupons',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List coupons (newest first).',
        querystring: Type.Object({
          ...paginationQuery(10),
          search: Type.Optional(Type.String()),
          code: Type.Optional(Type.String()),
        }),
        response: { 200: Type.Array(CouponResponse) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page: perPage = 10, search, code } = request.query;
      const { items, total } = await searchCoupons(ctx.db, { search, code, ...pageWindow(page, perPage) });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      const users = await couponUsers(ctx.db, items);
      return items.map((c) => couponView(c, minorUnit(), users.get(c.id) ?? []));
    },
  );

  app.post(
    '/wc/v3/coupons',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Create a coupon.',
        body: CouponCreateBody,
        response: { 201: CouponResponse },
      },
    },
    async (request, reply) => {
      // Cast as the update route does: the type provider cannot infer the nullable counts' JSON type lists.
      const body = request.body as Static<typeof CouponCreateBody>;
      const patch = toPatch(body, body.discount_type ?? 'fixed_cart', minorUnit());
      const coupon = await createCoupon(ctx.db, ctx.clock, {
        ...patch,
        code: body.code,
        discount_type: patch.discount_type ?? 'fixed_cart',
        amount: patch.amount ?? 0,
      });
      reply.code(201);
      reply.header('Location', `${ctx.config.publicUrl}/wp-json/wc/v3/coupons/${coupon.id}`);
      return couponView(coupon, minorUnit(), []);
    },
  );

  app.get(
    '/wc/v3/coupons/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a coupon.',
        params: CouponIdParams,
        response: { 200: CouponResponse },
      },
    },
    async (request) => view(await requireCoupon(ctx.db, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/wc/v3/coupons/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Update a coupon.',
        params: CouponIdParams,
        body: CouponWriteBody,
        response: { 200: CouponResponse },
      },
      handler: async (request) => {
        const { id } = request.params as Static<typeof CouponIdParams>;
        const body = request.body as Static<typeof CouponWriteBody>;
        const current = await requireCoupon(ctx.db, id);
        const patch = toPatch(body, body.discount_type ?? current.discount_type, minorUnit());
        return view(await changeCoupon(ctx.db, ctx.clock, id, patch));
      },
    });
  }

  app.delete(
    '/wc/v3/coupons/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Delete a coupon (permanently; `force` is accepted for WooCommerce clients).',
        params: CouponIdParams,
        querystring: Type.Object({ force: Type.Optional(Type.Boolean()) }),
        response: { 200: CouponResponse },
      },
    },
    async (request) => view(await removeCoupon(ctx.db, request.params.id)),
  );
}

function toPatch(body: Static<typeof CouponWriteBody>, type: CouponType, minorUnit: number): CouponPatch {
  const patch: CouponPatch = {};
  if (body.code !== undefined) patch.code = body.code;
  if (body.discount_type !== undefined) patch.discount_type = body.discount_type;
  if (body.amount !== undefined) {
    const text = String(body.amount);
    const percent = type === 'percent';
    const parsed = parseMoney(text, percent ? 0 : minorUnit);
    if (parsed === null)
      throw invalid(
        'amount',
        'numeric',
        percent
          ? 'The amount of a percent coupon must be a whole percentage.'
          : 'The amount must be a non-negative decimal number.',
      );
    patch.amount = parsed;
  }
  const expires = body.date_expires !== undefined ? body.date_expires : body.date_expires_gmt;
  if (expires !== undefined) patch.date_expires = expires;
  if (body.usage_limit !== undefined) patch.usage_limit = body.usage_limit;
  if (body.individual_use !== undefined) patch.individual_use = body.individual_use;
  if (body.email_restrictions !== undefined) patch.email_restrictions = body.email_restrictions;
  if (body.description !== undefined) patch.description = body.description;
  for (const field of ['minimum_amount', 'maximum_amount'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const parsed = value === '' ? 0 : parseMoney(String(value), minorUnit);
    if (parsed === null)
      throw invalid(field, 'numeric', `The ${field} must be a non-negative decimal number.`);
    patch[field] = parsed;
  }
  for (const field of COPIED) if (body[field] !== undefined) Object.assign(patch, { [field]: body[field] });
  return patch;
}

/** Fields stored as sent (the service validates them). */
const COPIED = [
  'usage_limit_per_user',
  'limit_usage_to_x_items',
  'product_ids',
  'excluded_product_ids',
  'product_categories',
  'excluded_product_categories',
  'exclude_sale_items',
  'free_shipping',
] as const;
