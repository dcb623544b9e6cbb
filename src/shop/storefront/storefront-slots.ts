import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/principal.js';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { StorefrontPart, StorefrontSlot, StorefrontSlots } from '../shop-api.js';

/** What a page collects from the slots it renders: extra head elements and the island scripts to load. */
export class PageAssets {
  readonly head: SafeHtml[] = [];
  readonly scripts = new Set<string>();
}

/** The parts extensions add to each storefront slot, in registration order. */
export class StorefrontSlotRegistry {
  private readonly parts = new Map<StorefrontSlot, Array<StorefrontPart<StorefrontSlot>>>();

  /** Adds a part to a slot (the `addStorefrontPart` of the ShopApi). */
  add<S extends StorefrontSlot>(slot: S, part: StorefrontPart<S>): void {
    const list = this.parts.get(slot) ?? [];
    list.push(part as unknown as StorefrontPart<StorefrontSlot>);
    this.parts.set(slot, list);
  }

  /** Renders every part of a slot for one request; their head elements and scripts go to `assets`. */
  async render<S extends StorefrontSlot>(
    slot: S,
    input: StorefrontSlots[S],
    request: FastifyRequest,
    assets: PageAssets,
  ): Promise<SafeHtml> {
    const viewer: Principal = request.principal;
    const bodies: SafeHtml[] = [];
    for (const part of this.parts.get(slot) ?? []) {
      const contribution = await part({
        ...(input as StorefrontSlots[StorefrontSlot]),
        request,
        viewer,
      } as never);
      if (!contribution) continue;
      if (contribution.body) bodies.push(contribution.body);
      if (contribution.head) assets.head.push(contribution.head);
      for (const script of contribution.scripts ?? []) assets.scripts.add(script);
    }
    return html`${bodies}`;
  }
}
