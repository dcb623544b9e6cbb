import type { ExtensionContext } from '../../src/extensions/define-extension.js';
import { NoticeSettingsStore } from './settings/settings.store.js';

/** What every store-notice hook works with: the app context and the settings store. */
export interface StoreNoticeServices {
  ctx: ExtensionContext;
  settings: NoticeSettingsStore;
}

/** The store-notice services of one app (the platform builds them once). */
export function storeNoticeServices(ctx: ExtensionContext): StoreNoticeServices {
  return { ctx, settings: new NoticeSettingsStore(ctx.options) };
}
