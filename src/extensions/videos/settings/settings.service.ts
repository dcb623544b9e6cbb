import { type FieldErrors, RestError, ValidationError } from '../../../platform/http/errors.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import type { SettingsUpdate } from '../../../platform/settings/define-settings.js';
import type { ExtensionContext } from '../../define-extension.js';
import { deleteAllAssignments } from '../assignments/assignments.repository.js';
import type { VideosLog } from '../common/videos-log.js';
import type { ConnectionService } from '../connection/connection.service.js';
import { deleteLibrary, deleteQuotaUsage, resetSyncState } from '../library/library.repository.js';
import { CREDENTIAL_KEYS, EDITABLE_KEYS, READ_ONLY_KEYS } from './settings.defaults.js';
import type { VideosSettings } from './settings.schemas.js';
import {
  isSecretKey,
  type LoadedSettings,
  type SettingsStore,
  type VideosSettingsChange,
} from './settings.store.js';

/**
 * The change a POST /settings body brings. Secrets: omitted or `""` keeps the stored value, `null` clears it.
 * Derived keys sent back from GET are ignored; unknown keys are a 400; add-on keys are checked against their schema.
 */
export async function settingsChange(
  body: Record<string, unknown>,
  settings: SettingsStore,
): Promise<VideosSettingsChange> {
  const addons = await settings.addonKeys();
  const errors: FieldErrors = {};
  const patch: Record<string, unknown> = {};
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key.startsWith('_')) continue;
    if ((EDITABLE_KEYS as readonly string[]).includes(key)) {
      if (isSecretKey(key)) {
        if (value === null) patch[key] = '';
        else if (typeof value === 'string' && value.trim() !== '') patch[key] = value.trim();
      } else patch[key] = key === 'video_position' && value === 'mixed' ? 'last' : value;
    } else if (addons.has(key)) {
      const problem = await settings.checkAddonValue(key, value);
      if (problem) errors[key] = { type: problem };
      else extras[key] = value;
    } else if (!READ_ONLY_KEYS.has(key)) errors[key] = { in: `${key} is not a setting.` };
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { patch: patch as Partial<VideosSettings>, extras };
}

/** What follows a settings save (a changed credential re-tests the connection) and wiping all data. */
export class SettingsAdminService {
  constructor(
    private readonly ctx: ExtensionContext,
    private readonly settings: SettingsStore,
    private readonly connection: ConnectionService,
    private readonly log: VideosLog,
  ) {}

  /** The answer to a save: re-tests the connection when a credential changed, says how that went. */
  async saved(update: SettingsUpdate<LoadedSettings, VideosSettingsChange> & { body: unknown }) {
    const { current, next, change } = update;
    const before = current.settings as unknown as Record<string, unknown>;
    const patch = change.patch as Record<string, unknown>;
    const credentialsChanged = CREDENTIAL_KEYS.some((k) => k in patch && patch[k] !== before[k]);
    const connectionError = credentialsChanged ? await this.retest(next.settings) : null;
    await this.log.debug('Settings saved', update.body);
    return {
      success: true,
      message: connectionError
        ? `Settings saved, but the connection test failed: ${connectionError.message}`
        : 'Settings saved successfully.',
      data: await this.settings.view(await this.settings.load()),
      ...(connectionError ? { connection_error: connectionError } : {}),
    };
  }

  /** Wipes every assignment, the library and its sync state and quota, in the transaction clearing the options. */
  async wipe(trx: DbOrTrx): Promise<void> {
    await deleteAllAssignments(trx);
    await deleteLibrary(trx);
    await resetSyncState(trx);
    await deleteQuotaUsage(trx);
    await this.ctx.events.emit('videos.data_reset', { reason: 'delete_all_data' }, trx);
  }

  /** The answer to delete-all-data, once committed: the log files go too. */
  async wiped(view: unknown) {
    await this.log.clear();
    return { success: true, message: 'All video data deleted; default settings restored.', data: view };
  }

  private async retest(merged: VideosSettings): Promise<{ code: string; message: string } | null> {
    const configured =
      merged.connection_method === 'api'
        ? Boolean(merged.api_key && merged.channel_id)
        : Boolean(merged.refresh_token);
    if (!configured) {
      await this.settings.save({ connection_status: 'disconnected' });
      return null;
    }
    try {
      await this.connection.connect({
        connection_method: merged.connection_method,
        api_key: merged.api_key,
        channel_id: merged.channel_id,
        refresh_token: merged.refresh_token,
      });
      return null;
    } catch (error) {
      if (error instanceof RestError) return { code: error.code, message: error.message };
      throw error;
    }
  }
}
