import { type FieldErrors, RestError, ValidationError } from '../../../platform/http/errors.js';
import type { ExtensionContext } from '../../define-extension.js';
import { deleteAllAssignments } from '../assignments/assignments.repository.js';
import type { ConnectionService } from '../connection/connection.service.js';
import { deleteLibrary, deleteQuotaUsage, resetSyncState } from '../library/library.repository.js';
import { CREDENTIAL_KEYS, EDITABLE_KEYS, READ_ONLY_KEYS } from './settings.defaults.js';
import type { VideosSettings } from './settings.schemas.js';
import { isSecretKey, type SettingsStore } from './settings.store.js';
import type { VideosLog } from '../common/videos-log.js';

/** Saving settings (validated before any write, credential changes re-tested) and wiping all data. */
export class SettingsAdminService {
  constructor(
    private readonly ctx: ExtensionContext,
    private readonly settings: SettingsStore,
    private readonly connection: ConnectionService,
    private readonly log: VideosLog,
  ) {}

  /** The settings object clients see. */
  async current(): Promise<Record<string, unknown>> {
    return this.settings.view(await this.settings.load());
  }

  /**
   * Saves the given keys. Secrets: omitted or `""` keeps the stored value, `null` clears it. Derived keys sent
   * back from GET are ignored; unknown keys are a 400. A changed credential re-tests the connection.
   */
  async update(body: Record<string, unknown>) {
    const loaded = await this.settings.load();
    const addons = await this.settings.addonKeys();
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
        const problem = await this.settings.checkAddonValue(key, value);
        if (problem) errors[key] = { type: problem };
        else extras[key] = value;
      } else if (!READ_ONLY_KEYS.has(key)) errors[key] = { in: `${key} is not a setting.` };
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const current = loaded.settings as unknown as Record<string, unknown>;
    const credentialsChanged = CREDENTIAL_KEYS.some((k) => k in patch && patch[k] !== current[k]);
    await this.settings.save(patch as Partial<VideosSettings>, extras);
    let connectionError: { code: string; message: string } | null = null;
    if (credentialsChanged)
      connectionError = await this.retest({ ...loaded.settings, ...patch } as VideosSettings);
    await this.log.debug('Settings saved', body);
    return {
      success: true,
      message: connectionError
        ? `Settings saved, but the connection test failed: ${connectionError.message}`
        : 'Settings saved successfully.',
      data: await this.current(),
      ...(connectionError ? { connection_error: connectionError } : {}),
    };
  }

  /** Wipes every `videos_*` option, assignment, the library, caches and log files; defaults apply again. */
  async deleteAllData() {
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.settings.deleteAll(trx);
      await deleteAllAssignments(trx);
      await deleteLibrary(trx);
      await resetSyncState(trx);
      await deleteQuotaUsage(trx);
      await this.ctx.events.emit('videos.data_reset', { reason: 'delete_all_data' }, trx);
    });
    await this.log.clear();
    return {
      success: true,
      message: 'All video data deleted; default settings restored.',
      data: await this.current(),
    };
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
