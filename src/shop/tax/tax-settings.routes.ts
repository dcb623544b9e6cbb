import { Type } from '@sinclair/typebox';
import { RestError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import { batchUpdate } from '../settings/settings.routes.js';
import { SettingsBatchBody } from '../settings/settings.schemas.js';
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

  // Registered before `:id`, which would otherwise take `batch` for a setting's id.
  app.post(
    '/wc/v3/settings/tax/batch',
    {
      config: { auth: TAX_AUTH },
      schema: {
        tags: TAX_TAGS,
        summary:
          'Change several Tax-tab settings (`update: [{id, value}]`); each refused one answers `{id, error}`.',
        body: SettingsBatchBody,
        response: { 200: Type.Object({ update: Type.Array(Type.Unknown()) }) },
      },
    },
    async (request) =>
      batchUpdate(request.body.update ?? [], async ({ id, value }) => {
        if (typeof value !== 'string')
          throw new RestError('rest_setting_value_invalid', `The value of ${id} must be a string.`, 400);
        return writeTaxSetting(ctx.options, ctx.db, { id, value, publicUrl });
      }),
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
