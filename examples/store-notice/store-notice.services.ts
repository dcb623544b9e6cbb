import type { ExtensionContext } from '../../src/extensions/define-extension.js';
import type { StoreOf } from '../../src/platform/settings/settings-registry.js';
import { NOTICE_SETTINGS } from './settings/settings.js';

/** What every store-notice hook works with: the app context and the settings store. */
export interface StoreNoticeServices {
  ctx: ExtensionContext;
  settings: StoreOf<typeof NOTICE_SETTINGS>;
}

/** The store-notice services of one app (the platform builds them once). */
export function storeNoticeServices(ctx: ExtensionContext): StoreNoticeServices {
  return { ctx, settings: ctx.settings.of(NOTICE_SETTINGS) };
}
