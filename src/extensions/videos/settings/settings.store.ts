import { Value } from '@sinclair/typebox/value';
import type { DbOrTrx } from '../../../platform/db/database.js';
import type { SettingsHost, SettingsStorage } from '../../../platform/settings/define-settings.js';
import { DEFAULT_SETTINGS, SECRET_KEYS, type SecretKey } from './settings.defaults.js';
import { deleteVideosTransients, readVideosOptions } from './settings.repository.js';
import '../videos.events.js';
import type { SaveableKeySpec, VideosSettings } from './settings.schemas.js';

/** The cached OAuth access token, bound to the refresh token it came from (by hash). */
export interface AccessTokenCache {
  token: string;
  /** Unix seconds. */
  expires_at: number;
  refresh_hash: string;
}

/** Settings as loaded: built-ins, add-on keys and the access token cache, all decrypted. */
export interface LoadedSettings {
  settings: VideosSettings;
  extras: Record<string, unknown>;
  accessToken: AccessTokenCache | null;
}

const ACCESS_TOKEN_OPTION = 'videos_access_token';

/** Option name of a setting. */
function optionName(key: string): string {
  return `videos_${key}`;
}

/** What a settings update stores: built-in keys (`patch`) and add-on keys (`extras`). */
export interface VideosSettingsChange {
  patch: Partial<VideosSettings>;
  extras: Record<string, unknown>;
}

/**
 * The storage of the videos settings (`VIDEOS_SETTINGS`): one `videos_<key>` option per setting, secrets sealed
 * with ctx.secrets and never returned whole; the connection, sync and license services write through it too.
 */
export class SettingsStore implements SettingsStorage<LoadedSettings> {
  private addons: Map<string, SaveableKeySpec> | null = null;

  constructor(private readonly ctx: SettingsHost) {}

  /** Saveable keys add-ons registered through `videos.settings_saveable_keys` (collected once). */
  async addonKeys(): Promise<Map<string, SaveableKeySpec>> {
    if (this.addons) return this.addons;
    const keys = new Map<string, SaveableKeySpec>();
    await this.ctx.events.emit('videos.settings_saveable_keys', {
      add(key, spec) {
        if (!/^[a-z][a-z0-9_]*$/i.test(key) || key in DEFAULT_SETTINGS || key === 'access_token')
          throw new Error(`videos: cannot register the saveable key "${key}"`);
        keys.set(key, spec);
      },
    });
    this.addons = keys;
    return keys;
  }

  /** Every setting (defaults for the missing ones) in one query. */
  async load(db: DbOrTrx = this.ctx.db): Promise<LoadedSettings> {
    const stored = await readVideosOptions(db);
    const settings = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
    for (const key of Object.keys(DEFAULT_SETTINGS)) {
      if (!stored.has(optionName(key))) continue;
      const value = stored.get(optionName(key));
      settings[key] = (SECRET_KEYS as readonly string[]).includes(key) ? this.open(value) : value;
    }
    const extras: Record<string, unknown> = {};
    for (const [key, spec] of await this.addonKeys()) {
      const value = stored.has(optionName(key)) ? stored.get(optionName(key)) : spec.default;
      extras[key] = spec.secret && stored.has(optionName(key)) ? this.open(value) : value;
    }
    let accessToken: AccessTokenCache | null = null;
    const sealed = this.open(stored.get(ACCESS_TOKEN_OPTION));
    if (sealed) accessToken = JSON.parse(sealed) as AccessTokenCache;
    return { settings: settings as unknown as VideosSettings, extras, accessToken };
  }

  /** Stores what a settings update changed (the facility's write). */
  async write(_next: LoadedSettings, change: VideosSettingsChange, db: DbOrTrx): Promise<void> {
    await this.save(change.patch, change.extras, db);
  }

  /** Writes the given settings (secrets sealed); add-on values go through `extras`. */
  async save(
    patch: Partial<VideosSettings>,
    extras: Record<string, unknown> = {},
    db: DbOrTrx = this.ctx.db,
  ): Promise<void> {
    const addons = await this.addonKeys();
    for (const [key, value] of Object.entries(patch)) {
      const secret = (SECRET_KEYS as readonly string[]).includes(key);
      await this.ctx.options.set(optionName(key), secret ? this.seal(String(value ?? '')) : value, db);
    }
    for (const [key, value] of Object.entries(extras)) {
      const spec = addons.get(key);
      if (!spec) continue;
      await this.ctx.options.set(optionName(key), spec.secret ? this.seal(String(value ?? '')) : value, db);
    }
  }

  /** Stores (or with null forgets) the access token cache. */
  async saveAccessToken(cache: AccessTokenCache | null, db: DbOrTrx = this.ctx.db): Promise<void> {
    if (cache) await this.ctx.options.set(ACCESS_TOKEN_OPTION, this.seal(JSON.stringify(cache)), db);
    else await this.ctx.options.delete(ACCESS_TOKEN_OPTION, db);
  }

  /** Deletes every `videos_*` option and transient (OAuth states, caches): the defaults apply again. */
  async clear(db: DbOrTrx): Promise<void> {
    await this.ctx.options.deletePrefix('videos_', db);
    await deleteVideosTransients(db);
  }

  /** The settings object clients see: secrets as `""` plus `<key>_set` and `<key>_hint` (last four characters). */
  async view(loaded: LoadedSettings): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(loaded.settings)) {
      if ((SECRET_KEYS as readonly string[]).includes(key)) Object.assign(out, mask(key, String(value)));
      else out[key] = value;
    }
    Object.assign(out, mask('access_token', loaded.accessToken?.token ?? ''));
    out.token_expires = loaded.accessToken?.expires_at ?? 0;
    const addons = await this.addonKeys();
    for (const [key, value] of Object.entries(loaded.extras)) {
      if (addons.get(key)?.secret) Object.assign(out, mask(key, String(value ?? '')));
      else out[key] = value;
    }
    return out;
  }

  /** Validates an add-on value against its registered schema; returns an error message or null. */
  async checkAddonValue(key: string, value: unknown): Promise<string | null> {
    const spec = (await this.addonKeys()).get(key);
    if (!spec) return null;
    const first = Value.Errors(spec.schema, value).First();
    return first ? first.message : null;
  }

  private seal(plain: string): string {
    return plain === '' ? '' : this.ctx.secrets.encrypt(plain);
  }

  private open(value: unknown): string {
    if (typeof value !== 'string' || value === '') return '';
    try {
      return this.ctx.secrets.decrypt(value);
    } catch {
      this.ctx.logger.warn('videos: a stored secret cannot be decrypted (STORESIDE_SECRET changed?)');
      return '';
    }
  }
}

/** True when `key` is one of the built-in encrypted settings. */
export function isSecretKey(key: string): key is SecretKey {
  return (SECRET_KEYS as readonly string[]).includes(key);
}

function mask(key: string, value: string): Record<string, unknown> {
  return {
    [key]: '',
    [`${key}_set`]: value !== '',
    [`${key}_hint`]: value.length >= 8 ? value.slice(-4) : '',
  };
}
