import { Type } from '@sinclair/typebox';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { defineSettings, type SettingsStorage } from '../../../platform/settings/define-settings.js';
import type { ExtensionContext } from '../../define-extension.js';
import { ADMIN_POLICY, NS } from '../common/admin-policy.js';
import { changedPaths, deepMerge } from '../config/deep.js';
import { factoryTableConfig } from '../config/table-config.defaults.js';
import { applyTableConfig } from '../config/table-config.service.js';
import { type ActivityLogger, actorFromRequest } from '../logs/activity-actor.js';
import { PRODUCT_TABLES_TOPICS } from '../product-tables.topics.js';
import { deleteAllTables } from '../tables/tables.repository.js';
import { factorySettings, withFactoryDefaults } from './settings.defaults.js';
import {
  type PluginSettings,
  type PluginSettingsInput,
  PluginSettingsInputSchema,
  PluginSettingsSchema,
} from './settings.schemas.js';
import { deleteOnboarded, SETTINGS_OPTION } from './settings.store.js';

/** What the settings routes use of the product-tables container: the context and the activity log. */
interface SettingsServices {
  ctx: ExtensionContext;
  activity: ActivityLogger;
}

/**
 * The global settings: only the changed ones are stored (`ptables_settings`), deep-merged over the factory ones
 * when read. `GET|POST /producttables/v1/settings` (the body's `settings` deep-merges; `table_defaults.columns`
 * replaces and must make a valid table), each save logged; `POST /settings/reset` also deletes every table.
 */
export const PRODUCT_TABLES_SETTINGS = defineSettings<
  PluginSettings,
  PluginSettingsInput,
  PluginSettingsInput,
  SettingsStorage<PluginSettingsInput>,
  SettingsServices
>({
  option: SETTINGS_OPTION,
  topic: PRODUCT_TABLES_TOPICS.settings,
  schema: PluginSettingsSchema,
  defaults: factorySettings,
  read: (stored) => withFactoryDefaults(stored ?? {}),
  merge: ({ stored, change }) => deepMerge(stored ?? {}, change),
  validate({ next }) {
    // The defaults of a new table must themselves make a valid table (column ids, column options).
    applyTableConfig(
      factoryTableConfig(),
      { columns: next.table_defaults.columns },
      'settings.table_defaults',
    );
    return undefined;
  },
  routes: {
    path: `${NS}/settings`,
    auth: ADMIN_POLICY,
    tags: ['producttables'],
    summary: {
      read: 'The settings, stored values deep-merged over the defaults.',
      update: 'Deep-merges a partial settings object; returns the merged settings.',
    },
    bodyKey: 'settings',
    body: PluginSettingsInputSchema,
    async written({ activity }, { current, next }, trx, request) {
      const changed = changedPaths(current, next);
      await activity(
        changed.length > 0
          ? { level: 'success', title: 'Settings updated', details: `Changed: ${changed.join(', ')}` }
          : { level: 'info', title: 'Settings saved', details: 'No changes' },
        actorFromRequest(request),
        trx,
      );
    },
    reset: {
      method: 'POST',
      path: '/reset',
      summary: 'Deletes every table, resets the settings and the onboarding flag. Cannot be undone.',
      response: Type.Object({
        success: Type.Boolean(),
        deleted_tables: Type.Integer(),
        settings: PluginSettingsSchema,
      }),
      async alongside({ ctx, activity }, trx, request) {
        const deleted = await deleteAllTables(trx);
        await deleteOnboarded(ctx.options, trx);
        const details = `${deleted} table(s) deleted; settings reset to defaults`;
        await activity({ level: 'warning', title: 'Factory reset', details }, actorFromRequest(request), trx);
        return deleted;
      },
      reply: (_services, deleted: number, settings) => ({ success: true, deleted_tables: deleted, settings }),
    },
  },
});

/** The global settings now; pass `db` to read inside a transaction. */
export function readSettings(ctx: ExtensionContext, db?: DbOrTrx): Promise<PluginSettings> {
  return ctx.settings.of(PRODUCT_TABLES_SETTINGS).get(db);
}
