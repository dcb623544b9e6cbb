import type { Static } from '@sinclair/typebox';
import { api, restError } from '../../../admin/api.js';
import type { SettingResponse } from '../../settings/settings.schemas.js';

/** A setting as `wc/v3/settings/{group}/{id}` answers it. */
export type Setting = Static<typeof SettingResponse>;

/** The settings the General screen edits, by id: the general group and the tax group's "prices entered with tax". */
export type GeneralSettings = Record<string, Setting>;

/** The query key of the screen's record. */
export const GENERAL_SETTINGS_PATH = '/wc/v3/settings/general';

const TAX_IDS = new Set(['woocommerce_prices_include_tax']);

/** The general settings and the tax group's "prices entered with tax", by id. */
export async function fetchGeneralSettings(): Promise<GeneralSettings> {
  const [general, tax] = await Promise.all([
    api<Setting[]>({ path: GENERAL_SETTINGS_PATH }),
    api<Setting[]>({ path: '/wc/v3/settings/tax' }),
  ]);
  return Object.fromEntries([...general, ...tax.filter((s) => TAX_IDS.has(s.id))].map((s) => [s.id, s]));
}

/**
 * Saves the changed values, one `PUT` each (WooCommerce's setting routes); a refused value rejects with the setting's
 * id as the field, so the form shows the message at that field. Answers every setting as stored.
 */
export async function saveGeneralSettings(
  changes: Record<string, string | string[]>,
): Promise<GeneralSettings> {
  for (const [id, value] of Object.entries(changes))
    await saveSetting(TAX_IDS.has(id) ? 'tax' : 'general', id, value);
  return fetchGeneralSettings();
}

/** Stores one setting of a group; a refused value rejects with the error naming the setting's id as the field. */
export async function saveSetting(group: string, id: string, value: string | string[]): Promise<void> {
  try {
    await api<Setting>({ path: `/wc/v3/settings/${group}/${id}`, method: 'PUT', data: { value } });
  } catch (error) {
    const body = restError(error);
    throw { ...body, data: { ...body.data, params: { [id]: body.data?.params?.value ?? body.message } } };
  }
}

/** The values of `after` that differ from `before` (a form sends only what the owner changed). */
export function changedValues<V>(before: Record<string, V>, after: Record<string, V>): Record<string, V> {
  return Object.fromEntries(
    Object.entries(after).filter(([id, value]) => JSON.stringify(value) !== JSON.stringify(before[id])),
  );
}
