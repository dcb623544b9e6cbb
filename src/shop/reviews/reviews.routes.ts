import { Type } from '@sinclair/typebox';
import { pageWindow, setPaginationHeaders } from '../../platform/http/collection.js';
import { UnauthorizedError } from '../../platform/http/errors.js';
import { registerBatchRoute } from '../../platform/http/batch.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { storeReviewView, wcReviewView } from './review-views.js';
import { reviewsPage } from './review-search.service.js';
import {
  ReviewCreateBody,
  ReviewDeletedResponse,
  ReviewForceQuery,
  ReviewIdParams,
  ReviewListQuery,
  ReviewResponse,
  ReviewUpdateBody,
  StoreReviewBody,
  StoreReviewListQuery,
  StoreReviewResponse,
} from './reviews.schemas.js';
import {
  changeReview,
  createCustomerReview,
  createReview,
  removeReview,
  requireReview,
} from './reviews.service.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: reviews'];

/** `wc/v3/products/reviews` (moderation for managers) and the Store API's public list + customer posting. */
export function registerReviewRoutes(app: RestApp, ctx: ShopContext): void {
  registerBatchRoute(app, {
    url: '/wc/v3/products/reviews/batch',
    collection: () => '/wc/v3/products/reviews',
    auth: AUTH,
    tags: TAGS,
    summary: 'Create, update and delete up to 100 product reviews in one request.',
  });
  const url = ctx.config.publicUrl;

  app.get(
    '/wc/v3/products/reviews',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List reviews (status approved by default; `all` for every status).',
        querystring: ReviewListQuery,
        response: { 200: Type.Array(ReviewResponse) },
      },
    },
    async (request, reply) => {
      const {
        page = 1,
        per_page: perPage = 10,
        status = 'approved',
        product,
        reviewer_email,
        search,
        order,
      } = request.query;
      const { rows, total } = await reviewsPage(ctx.db, {
        statuses: status === 'all' ? undefined : [status],
        productIds: product,
        reviewerEmail: reviewer_email,
        search,
        order: order ?? 'desc',
        ...pageWindow(page, perPage),
      });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: url });
      return rows.map((r) => wcReviewView(r, url));
    },
  );

  app.post(
    '/wc/v3/products/reviews',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Create a review (approved by default; emits review.approved when approved).',
        body: ReviewCreateBody,
        response: { 201: ReviewResponse },
      },
    },
    async (request, reply) => {
      const review = await createReview(ctx, {
        ...request.body,
        status: request.body.status ?? 'approved',
        user_id: null,
      });
      reply.code(201);
      return wcReviewView(review, url);
    },
  );

  app.get(
    '/wc/v3/products/reviews/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a review.',
        params: ReviewIdParams,
        response: { 200: ReviewResponse },
      },
    },
    async (request) => wcReviewView(await requireReview(ctx.db, request.params.id), url),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/products/reviews/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Update or moderate a review (approving emits review.approved).',
        params: ReviewIdParams,
        body: ReviewUpdateBody,
        response: { 200: ReviewResponse },
      },
      handler: async (request) => wcReviewView(await changeReview(ctx, request.params.id, request.body), url),
    });

  app.delete(
    '/wc/v3/products/reviews/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Trash a review, or delete it for good with force=true.',
        params: ReviewIdParams,
        querystring: ReviewForceQuery,
        response: { 200: Type.Union([ReviewDeletedResponse, ReviewResponse]) },
      },
    },
    async (request) => {
      const force = request.query.force === true;
      const review = await removeReview(ctx, request.params.id, force);
      return force ? { deleted: true, previous: wcReviewView(review, url) } : wcReviewView(review, url);
    },
  );

  for (const prefix of ['/wc/store/v1', '/wc/store']) {
    app.get(
      `${prefix}/products/reviews`,
      {
        config: { auth: { access: 'public', nonce: 'never' } },
        schema: {
          tags: TAGS,
          summary: 'Approved reviews of published products (Store API).',
          querystring: StoreReviewListQuery,
          response: { 200: Type.Array(StoreReviewResponse) },
        },
      },
      async (request, reply) => {
        const { page = 1, per_page: perPage = 10, product_id, order } = request.query;
        const { rows, total } = await reviewsPage(ctx.db, {
          statuses: ['approved'],
          productIds: product_id,
          order: order ?? 'desc',
          ...pageWindow(page, perPage),
        });
        setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: url });
        return rows.map((r) => storeReviewView(r, url));
      },
    );

    app.post(
      `${prefix}/products/reviews`,
      {
        config: { auth: { access: 'user', nonce: 'cookie' } },
        schema: {
          tags: TAGS,
          summary: 'Post a review as the logged-in customer (held when the shop moderates reviews).',
          body: StoreReviewBody,
          response: { 201: StoreReviewResponse },
        },
      },
      async (request, reply) => {
        const principal = request.principal;
        if (principal.kind !== 'user') throw new UnauthorizedError();
        const review = await createCustomerReview(ctx, principal.user, request.body);
        reply.code(201);
        return storeReviewView(review, url);
      },
    );
  }
}
