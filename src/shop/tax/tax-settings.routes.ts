import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { TAX_AUTH, TAX_TAGS } from './tax-rates.routes.js';
import { listTaxSettings, readTaxSetting, writeTaxSetting } from './tax-settings.js';
import { TaxSettingBody, TaxSettingParams, TaxSettingResponse } from './tax.schemas.js';

/** `wc/v3/settings/tax`: the Tax tab's settings (rounding, display, shipping tax class, tax classes). */
export function registerTaxSettingRoutes(app: RestApp, ctx: ShopContext): void {
  const publicUrl = ctx.config.publicUrl;
  app.get(
    '/wc/v3/settings/tax',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: "List the Tax tab's settings.",
        response: { 200: Type.Array(TaxSettingResponse) },
      },
    },
    async () => listTaxSettings(ctx.options, publicUrl),
  );

  app.get(
    '/wc/v3/settings/tax/:id',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'Read one Tax-tab setting.',
        params: TaxSettingParams,
        response: { 200: TaxSettingResponse },
      },
    },
    async (request) => readTaxSetting(ctx.options, request.params.id, publicUrl),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/wc/v3/settings/tax/:id',
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary: 'Change one Tax-tab setting.',
        params: TaxSettingParams,
        body: TaxSettingBody,
        response: { 200: TaxSettingResponse },
      },
      handler: async (request) => {
        const { id } = request.params as { id: string };
        const { value } = request.body as { value: string };
        return writeTaxSetting(ctx.options, ctx.db, { id, value, publicUrl });
      },
    });
  }
}
