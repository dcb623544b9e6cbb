import { type Static, Type } from '@sinclair/typebox';
import { registerBatchRoute } from '../../platform/http/batch.js';
import { NotFoundError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import { ForceQuery, IdParams } from '../catalog/catalog.schemas.js';
import { trashNotSupported } from '../catalog/tags.routes.js';
import type { ShopContext } from '../shop-part.js';
import {
  changeClass,
  classUseCounts,
  createClass,
  listClasses,
  removeClass,
  requireClass,
  type StoredClass,
} from './shipping-classes.service.js';
import { METHOD_IDS, type MethodId } from './method-types.js';
import { ClassResponse, ClassWriteBody, ShippingMethodResponse } from './shipping.schemas.js';
import { classView, shippingMethodView } from './shipping-views.js';
import { SHIPPING_AUTH } from './shipping-zones.routes.js';

const TAGS = ['shop: shipping'];

/** `wc/v3/products/shipping_classes` (CRUD, batch) and `wc/v3/shipping_methods` (the method types). */
export function registerClassRoutes(app: RestApp, ctx: ShopContext): void {
  const base = () => ctx.config.publicUrl;
  const config = { auth: SHIPPING_AUTH };
  const view = async (c: StoredClass) =>
    classView(c, (await classUseCounts(ctx.db)).get(c.slug) ?? 0, base());

  registerBatchRoute(app, {
    url: '/wc/v3/products/shipping_classes/batch',
    collection: () => '/wc/v3/products/shipping_classes',
    auth: SHIPPING_AUTH,
    tags: TAGS,
    summary: 'Create, update and delete up to 100 shipping classes in one request.',
  });

  app.get(
    '/wc/v3/products/shipping_classes',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'List shipping classes (by name).',
        response: { 200: Type.Array(ClassResponse) },
      },
    },
    async (_request, reply) => {
      const [classes, counts] = await Promise.all([listClasses(ctx.db), classUseCounts(ctx.db)]);
      reply.header('X-WP-Total', String(classes.length));
      reply.header('X-WP-TotalPages', '1');
      return classes.map((c) => classView(c, counts.get(c.slug) ?? 0, base()));
    },
  );

  app.post(
    '/wc/v3/products/shipping_classes',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Create a shipping class.',
        body: ClassWriteBody,
        response: { 201: ClassResponse },
      },
    },
    async (request, reply) => {
      const created = await ctx.db.transaction().execute((trx) => createClass(trx, request.body));
      reply.code(201);
      return view(created);
    },
  );

  app.get(
    '/wc/v3/products/shipping_classes/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Read a shipping class.',
        params: IdParams,
        response: { 200: ClassResponse },
      },
    },
    async (request) => view(await requireClass(ctx.db, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/products/shipping_classes/:id',
      config,
      schema: {
        tags: TAGS,
        summary: 'Update a shipping class (products follow a new slug).',
        params: IdParams,
        body: ClassWriteBody,
        response: { 200: ClassResponse },
      },
      handler: async (request) => {
        const { id } = request.params as Static<typeof IdParams>;
        const body = request.body as Static<typeof ClassWriteBody>;
        return view(await ctx.db.transaction().execute((trx) => changeClass(trx, id, body)));
      },
    });

  app.delete(
    '/wc/v3/products/shipping_classes/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Delete a shipping class (`force=true` required; products using it then have none).',
        params: IdParams,
        querystring: ForceQuery,
        response: { 200: ClassResponse },
      },
    },
    async (request) => {
      const current = await requireClass(ctx.db, request.params.id);
      if (request.query.force !== true) throw trashNotSupported();
      const count = (await classUseCounts(ctx.db)).get(current.slug) ?? 0;
      await ctx.db.transaction().execute((trx) => removeClass(trx, current.id));
      return classView(current, count, base());
    },
  );

  app.get(
    '/wc/v3/shipping_methods',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'List the shipping method types a zone can use.',
        response: { 200: Type.Array(ShippingMethodResponse) },
      },
    },
    async () => METHOD_IDS.map((id) => shippingMethodView(id, base())),
  );

  app.get(
    '/wc/v3/shipping_methods/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Read a shipping method type.',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: ShippingMethodResponse },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (!(METHOD_IDS as readonly string[]).includes(id))
        throw new NotFoundError('woocommerce_rest_shipping_method_invalid', 'Resource does not exist.');
      return shippingMethodView(id as MethodId, base());
    },
  );
}
