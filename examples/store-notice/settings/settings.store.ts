import type { OptionsStore } from '../../../src/platform/options/options.js';
import { DEFAULT_SETTINGS, type NoticeSettings } from './settings.schemas.js';

const OPTION = 'store_notice_settings';

/** The store notice's settings, kept in one option (defaults for what was never saved). */
export class NoticeSettingsStore {
  constructor(private readonly options: OptionsStore) {}

  /** The current settings. */
  async read(): Promise<NoticeSettings> {
    return { ...DEFAULT_SETTINGS, ...(await this.options.get<Partial<NoticeSettings>>(OPTION, {})) };
  }

  /** Changes some settings; returns them all. */
  async update(patch: Partial<NoticeSettings>): Promise<NoticeSettings> {
    const next = { ...(await this.read()), ...patch };
    await this.options.set(OPTION, next);
    return next;
  }
}
