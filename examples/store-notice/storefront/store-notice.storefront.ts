import { html } from '../../../src/platform/http/html.js';
import type { StoreNoticeServices } from '../store-notice.services.js';

/** The notice at the top of every storefront page (slot `notices`) while it is enabled and has a message. */
export function registerStoreNotice({ ctx, settings }: StoreNoticeServices): void {
  ctx.shop.addStorefrontPart('notices', async () => {
    const { enabled, message } = await settings.get();
    if (!enabled || message === '') return null;
    return { body: html`<div class="notice info store-notice" role="status">${message}</div>` };
  });
}
