import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import type { VideosServices } from '../videos.services.js';
import {
  BulkAssignBody,
  BulkAssignReply,
  doc,
  ok,
  ProductsReply,
  VideoOrderBody,
  VideoOrderReply,
} from '../videos.schemas.js';

const config = { auth: ADMIN_POLICY };
const NS = '/videos/v1';

/** The product routes of `videos/v1`: products with their videos, bulk assignment, and a gallery's order. */
export function registerAssignmentRoutes(app: RestApp, s: VideosServices): void {
  app.get(
    `${NS}/products`,
    {
      config,
      schema: {
        ...doc('Published products by name or SKU with their videos'),
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 200 })),
          page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
        }),
        response: ok(ProductsReply),
      },
    },
    async (request, reply) => {
      const result = await s.assignments.searchProducts({
        search: request.query.search,
        page: request.query.page ?? 1,
      });
      reply.header('X-WP-Total', String(result.total_items));
      reply.header('X-WP-TotalPages', String(result.total_pages));
      return result;
    },
  );

  app.post(
    `${NS}/products/bulk-assign`,
    {
      config,
      schema: {
        ...doc('Assign or remove videos across products'),
        body: BulkAssignBody,
        response: ok(BulkAssignReply),
      },
    },
    async (request) =>
      s.assignments.bulkAssign({
        product_ids: request.body.product_ids,
        video_ids: request.body.video_ids.map((v) => (typeof v === 'string' ? v : v.id)),
        action: request.body.action ?? 'assign',
      }),
  );

  app.post(
    `${NS}/products/video-order`,
    {
      config,
      schema: {
        ...doc("Store a product's gallery order"),
        body: VideoOrderBody,
        response: ok(VideoOrderReply),
      },
    },
    async (request) => s.assignments.setOrder(request.body),
  );
}
