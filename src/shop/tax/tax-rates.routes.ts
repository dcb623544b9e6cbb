import { type Static, Type } from '@sinclair/typebox';
import { registerBatchRoute } from '../../platform/http/batch.js';
import { pageWindow, paginationQuery, setPaginationHeaders } from '../../platform/http/collection.js';
import { RestError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { taxRateView } from './tax-rate-view.js';
import {
  changeTaxRate,
  createTaxRate,
  listTaxRates,
  removeTaxRate,
  requireTaxRate,
} from './tax-rates.service.js';
import { TaxRateIdParams, TaxRateResponse, TaxRateWriteBody } from './tax.schemas.js';

/** Who may manage taxes: WooCommerce's `manage_woocommerce`, with the nonce when a cookie carries the login. */
export const TAX_AUTH = { access: 'capability', capability: 'manage_woocommerce', nonce: 'cookie' } as const;
/** OpenAPI tag of the tax routes. */
export const TAX_TAGS = ['shop: taxes'];

/** `wc/v3/taxes`: tax rate CRUD, list filters and batch. */
export function registerTaxRateRoutes(app: RestApp, ctx: ShopContext): void {
  const view = (rate: Parameters<typeof taxRateView>[0]) => taxRateView(rate, ctx.config.publicUrl);
  registerBatchRoute(app, {
    url: '/wc/v3/taxes/batch',
    collection: () => '/wc/v3/taxes',
    auth: TAX_AUTH,
    tags: TAX_TAGS,
    summary: 'Create, update and delete up to 100 tax rates in one request.',
  });

  app.get(
    '/wc/v3/taxes',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'List tax rates (by `order` unless `orderby` says otherwise), optionally of one class.',
        querystring: Type.Object({
          ...paginationQuery(10),
          class: Type.Optional(Type.String({ maxLength: 200 })),
          orderby: Type.Optional(
            Type.Union([Type.Literal('id'), Type.Literal('order'), Type.Literal('priority')]),
          ),
          order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
        }),
        response: { 200: Type.Array(TaxRateResponse) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page: perPage = 10, orderby = 'order', order = 'asc' } = request.query;
      const { items, total } = await listTaxRates(ctx.db, ctx.options, {
        taxClass: request.query.class,
        orderBy: orderby,
        direction: order,
        ...pageWindow(page, perPage),
      });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      return items.map(view);
    },
  );

  app.post(
    '/wc/v3/taxes',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'Create a tax rate.',
        body: TaxRateWriteBody,
        response: { 201: TaxRateResponse },
      },
    },
    async (request, reply) => {
      const rate = await createTaxRate(ctx.db, ctx.options, request.body);
      reply.code(201);
      reply.header('Location', `${ctx.config.publicUrl}/wp-json/wc/v3/taxes/${rate.id}`);
      return view(rate);
    },
  );

  app.get(
    '/wc/v3/taxes/:id',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'Read a tax rate.',
        params: TaxRateIdParams,
        response: { 200: TaxRateResponse },
      },
    },
    async (request) => view(await requireTaxRate(ctx.db, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/wc/v3/taxes/:id',
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'Update a tax rate.',
        params: TaxRateIdParams,
        body: TaxRateWriteBody,
        response: { 200: TaxRateResponse },
      },
      handler: async (request) => {
        const { id } = request.params as Static<typeof TaxRateIdParams>;
        return view(
          await changeTaxRate(ctx.db, ctx.options, id, request.body as Static<typeof TaxRateWriteBody>),
        );
      },
    });
  }

  app.delete(
    '/wc/v3/taxes/:id',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'Delete a tax rate (`force=true` required: taxes have no trash).',
        params: TaxRateIdParams,
        querystring: Type.Object({ force: Type.Optional(Type.Boolean()) }),
        response: { 200: TaxRateResponse },
      },
    },
    async (request) => {
      if (request.query.force !== true) {
        await requireTaxRate(ctx.db, request.params.id);
        throw trashNotSupported('Taxes');
      }
      return view(await removeTaxRate(ctx.db, request.params.id));
    },
  );
}

/** 501 `woocommerce_rest_trash_not_supported` (WooCommerce's answer to a DELETE without `force`). */
export function trashNotSupported(what: string): RestError {
  return new RestError(
    'woocommerce_rest_trash_not_supported',
    `${what} do not support trashing; send force=true to delete.`,
    501,
  );
}
