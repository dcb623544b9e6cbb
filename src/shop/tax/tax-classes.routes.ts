import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import {
  createTaxClass,
  deleteTaxClass,
  listTaxClasses,
  requireTaxClass,
  type TaxClass,
} from './tax-classes.service.js';
import { TAX_AUTH, TAX_TAGS, trashNotSupported } from './tax-rates.routes.js';
import { TaxClassParams, TaxClassResponse } from './tax.schemas.js';

/** `wc/v3/taxes/classes`: list, create, read and delete tax classes (by slug). */
export function registerTaxClassRoutes(app: RestApp, ctx: ShopContext): void {
  const base = `${ctx.config.publicUrl}/wp-json/wc/v3/taxes/classes`;
  const view = (c: TaxClass) => ({ ...c, _links: { collection: [{ href: base }] } });

  app.get(
    '/wc/v3/taxes/classes',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'List tax classes (Standard first).',
        response: { 200: Type.Array(TaxClassResponse) },
      },
    },
    async () => (await listTaxClasses(ctx.options)).map(view),
  );

  app.post(
    '/wc/v3/taxes/classes',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'Create a tax class (its slug comes from its name).',
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 201: TaxClassResponse },
      },
    },
    async (request, reply) => {
      const created = await createTaxClass(ctx.options, ctx.db, request.body.name);
      reply.code(201);
      return view(created);
    },
  );

  app.get(
    '/wc/v3/taxes/classes/:slug',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'Read a tax class.',
        params: TaxClassParams,
        response: { 200: TaxClassResponse },
      },
    },
    async (request) => view(await requireTaxClass(ctx.options, request.params.slug)),
  );

  app.delete(
    '/wc/v3/taxes/classes/:slug',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'Delete a tax class and its rates (`force=true` required).',
        params: TaxClassParams,
        querystring: Type.Object({ force: Type.Optional(Type.Boolean()) }),
        response: { 200: TaxClassResponse },
      },
    },
    async (request) => {
      if (request.params.slug !== 'standard') await requireTaxClass(ctx.options, request.params.slug);
      if (request.query.force !== true) throw trashNotSupported('Tax classes');
      return view(await deleteTaxClass(ctx.options, ctx.db, request.params.slug));
    },
  );
}
