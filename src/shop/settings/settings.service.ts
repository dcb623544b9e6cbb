import { NotFoundError, RestError } from '../../platform/http/errors.js';
import type { ShopContext } from '../shop-part.js';
import { findSettingGroup } from './setting-groups.js';
import {
  checkSettingValue,
  type SettingDefinition,
  type SettingGroup,
  type SettingValue,
  settingOption,
} from './setting-definitions.js';
import { readSettingValue } from './store-settings.js';

/** A setting with its current value, ready for the REST view. */
export interface SettingWithValue {
  group: SettingGroup;
  setting: SettingDefinition;
  value: SettingValue;
}

/** The group, or 404 `rest_setting_setting_group_invalid` as WooCommerce answers. */
export function requireSettingGroup(groupId: string): SettingGroup {
  const group = findSettingGroup(groupId);
  if (!group) throw new NotFoundError('rest_setting_setting_group_invalid', 'Invalid setting group.');
  return group;
}

/** Every setting of a group with its value. */
export async function groupSettings(ctx: ShopContext, groupId: string): Promise<SettingWithValue[]> {
  const group = requireSettingGroup(groupId);
  return Promise.all(
    group.settings.map(async (setting) => ({
      group,
      setting,
      value: await readSettingValue(ctx.options, setting),
    })),
  );
}

/** One setting with its value; 404 `rest_setting_setting_invalid` when the group has no such setting. */
export async function groupSetting(ctx: ShopContext, groupId: string, id: string): Promise<SettingWithValue> {
  const group = requireSettingGroup(groupId);
  const setting = group.settings.find((s) => s.id === id);
  if (!setting) throw new NotFoundError('rest_setting_setting_invalid', 'Invalid setting.');
  return { group, setting, value: await readSettingValue(ctx.options, setting) };
}

/** Stores a new value under the setting's option name; a value the setting refuses → 400 `rest_setting_value_invalid`. */
export async function updateGroupSetting(
  ctx: ShopContext,
  input: { groupId: string; id: string; value: unknown },
): Promise<SettingWithValue> {
  const { group, setting } = await groupSetting(ctx, input.groupId, input.id);
  const checked = checkSettingValue(setting, input.value);
  if (!checked.ok)
    throw new RestError(
      'rest_setting_value_invalid',
      `An invalid setting value was passed: ${checked.message}`,
      400,
      {
        setting: setting.id,
        params: { value: checked.message },
        details: { value: { code: 'rest_setting_value_invalid', message: checked.message } },
      },
    );
  await ctx.options.set(settingOption(setting), checked.value);
  return { group, setting, value: checked.value };
}
