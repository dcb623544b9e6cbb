import type { ExtensionContext } from '../define-extension.js';
import { AnalyticsCache } from './analytics/analytics-cache.js';
import { CaptureWriter } from './capture/capture-writer.js';
import { SettingsService } from './settings/settings.service.js';

/** The job hooks of this extension. */
export const HOOKS = {
  detectSession: 'cartrecovery.detect_session_abandonment',
  sweep: 'cartrecovery.detect_abandonment',
  sendStep: 'cartrecovery.send_step',
  prune: 'cartrecovery.prune',
  licenseCheck: 'cartrecovery.license_check',
} as const;

/** What every cart-recovery service works with: the extension context plus its own shared parts. */
export interface CartRecovery {
  ctx: ExtensionContext;
  settings: SettingsService;
  analyticsCache: AnalyticsCache;
  /** Group commit of new captures. */
  captureWriter: CaptureWriter;
}

const instances = new WeakMap<ExtensionContext, CartRecovery>();

/** The cart-recovery services of one app (built once per context). */
export function cartRecovery(ctx: ExtensionContext): CartRecovery {
  let cr = instances.get(ctx);
  if (!cr) {
    const created: CartRecovery = {
      ctx,
      settings: new SettingsService(ctx.options),
      analyticsCache: new AnalyticsCache(ctx),
    } as CartRecovery;
    created.captureWriter = new CaptureWriter(created);
    cr = created;
    instances.set(ctx, cr);
  }
  return cr;
}
