import { type Static, Type } from '@sinclair/typebox';
import { RestError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { SETTING_GROUPS } from './setting-groups.js';
import {
  GroupParams,
  SettingGroupResponse,
  SettingParams,
  SettingResponse,
  SettingsBatchBody,
  SettingUpdateBody,
} from './settings.schemas.js';
import {
  groupSetting,
  groupSettings,
  type SettingWithValue,
  updateGroupSetting,
} from './settings.service.js';

// WooCommerce checks `manage_woocommerce` for reading and writing settings.
const AUTH = { access: 'capability', capability: 'manage_woocommerce', nonce: 'cookie' } as const;
const TAGS = ['shop: settings'];

/** `wc/v3/settings`: the groups, a group's settings, one setting (read and write) and a group's batch update. */
export function registerSettingsRoutes(app: RestApp, ctx: ShopContext): void {
  const base = `${ctx.config.publicUrl}/wp-json/wc/v3/settings`;
  const view = ({ group, setting, value }: SettingWithValue) => ({
    id: setting.id,
    label: setting.label,
    description: setting.description,
    type: setting.type,
    default: setting.default,
    tip: setting.tip ?? '',
    ...(setting.placeholder !== undefined ? { placeholder: setting.placeholder } : {}),
    ...(setting.options ? { options: setting.options() } : {}),
    value,
    group_id: group.id,
    _links: {
      self: [{ href: `${base}/${group.id}/${setting.id}` }],
      collection: [{ href: `${base}/${group.id}` }],
    },
  });

  app.get(
    '/wc/v3/settings',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List the settings groups.',
        response: { 200: Type.Array(SettingGroupResponse) },
      },
    },
    () =>
      SETTING_GROUPS.map((group) => ({
        id: group.id,
        label: group.label,
        description: group.description,
        parent_id: group.parentId ?? '',
        sub_groups: SETTING_GROUPS.filter((g) => g.parentId === group.id).map((g) => g.id),
        _links: { options: [{ href: `${base}/${group.id}` }] },
      })),
  );

  app.get(
    '/wc/v3/settings/:group_id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: "A group's settings with their values.",
        params: GroupParams,
        response: { 200: Type.Array(SettingResponse) },
      },
    },
    async (request) => (await groupSettings(ctx, request.params.group_id)).map(view),
  );

  app.get(
    '/wc/v3/settings/:group_id/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'One setting with its value.',
        params: SettingParams,
        response: { 200: SettingResponse },
      },
    },
    async (request) => view(await groupSetting(ctx, request.params.group_id, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/wc/v3/settings/:group_id/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Change one setting; a value it does not allow is refused with rest_setting_value_invalid.',
        params: SettingParams,
        body: SettingUpdateBody,
        response: { 200: SettingResponse },
      },
      handler: async (request) => {
        const params = request.params as Static<typeof SettingParams>;
        const body = request.body as Static<typeof SettingUpdateBody>;
        return view(
          await updateGroupSetting(ctx, { groupId: params.group_id, id: params.id, value: body.value }),
        );
      },
    });
  }

  app.post(
    '/wc/v3/settings/:group_id/batch',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          "Change several of a group's settings (`update: [{id, value}]`); each refused one answers `{id, error}`.",
        params: GroupParams,
        body: SettingsBatchBody,
        response: { 200: Type.Object({ update: Type.Array(Type.Unknown()) }) },
      },
    },
    async (request) =>
      batchUpdate(request.body.update ?? [], async (item) =>
        view(await updateGroupSetting(ctx, { groupId: request.params.group_id, ...item })),
      ),
  );
}

/**
 * WooCommerce's settings batch: each `{id, value}` written in turn with `write`; a refused one answers
 * `{id, error: {code, message, data}}` in its place and the others still apply.
 */
export async function batchUpdate<T extends { id: string }>(
  items: readonly T[],
  write: (item: T) => Promise<unknown>,
): Promise<{ update: unknown[] }> {
  const update: unknown[] = [];
  for (const item of items) {
    try {
      update.push(await write(item));
    } catch (error) {
      if (!(error instanceof RestError)) throw error;
      // A validation error's status is its namespace's (0 until the error handler sets it): 400 in wc/v3.
      update.push({
        id: item.id,
        error: {
          code: error.code,
          message: error.message,
          data: { ...error.data, status: error.status || 400 },
        },
      });
    }
  }
  return { update };
}
