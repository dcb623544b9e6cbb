import type { ExtensionContext } from '../define-extension.js';
import { AnalyticsCache } from './analytics/analytics-cache.js';
import { CaptureWriter } from './capture/capture-writer.js';
import type { AgentSchemaTable } from './mcp/agent-route-schemas.js';
import type { StoreOf } from '../../platform/settings/settings-registry.js';
import { CAMPAIGN_SETTINGS, CART_RECOVERY_SETTINGS } from './settings/settings.js';

/** What every cart-recovery service works with: the extension context plus its own shared parts. */
export interface CartRecovery {
  ctx: ExtensionContext;
  /** The settings record (`cartrecovery_settings`). */
  settings: StoreOf<typeof CART_RECOVERY_SETTINGS>;
  /** The campaign record. */
  campaign: StoreOf<typeof CAMPAIGN_SETTINGS>;
  analyticsCache: AnalyticsCache;
  /** Group commit of new captures. */
  captureWriter: CaptureWriter;
  /** The agent routes' input schemas, recorded as they are registered, for the MCP tools. */
  agentRouteSchemas: AgentSchemaTable;
}

/** The cart-recovery services of one app (the platform builds them once; every hook receives them). */
export function cartRecoveryServices(ctx: ExtensionContext): CartRecovery {
  return {
    ctx,
    settings: ctx.settings.of(CART_RECOVERY_SETTINGS),
    campaign: ctx.settings.of(CAMPAIGN_SETTINGS),
    analyticsCache: new AnalyticsCache(ctx),
    captureWriter: new CaptureWriter({ ctx }),
    agentRouteSchemas: new Map(),
  };
}
