import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/principal.js';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type {
  MyAccountSection,
  StorefrontPart,
  StorefrontRenderer,
  StorefrontSlot,
  StorefrontSlots,
} from '../shop-api.js';

/** The shop's own My account pages, which no extension section may take. */
const RESERVED_SECTIONS = new Set([
  'dashboard',
  'orders',
  'view-order',
  'edit-account',
  'customer-logout',
  'lost-password',
  'edit-address',
]);

/** What a page collects from the slots it renders: extra head elements and the island scripts to load. */
export class PageAssets {
  readonly head: SafeHtml[] = [];
  readonly scripts = new Set<string>();
}

/** The parts extensions add to each storefront slot, in registration order. */
export class StorefrontSlotRegistry {
  private readonly parts = new Map<StorefrontSlot, Array<StorefrontRenderer<StorefrontSlot>>>();
  private readonly sections: MyAccountSection[] = [];

  /** Adds a part to a slot (the `addStorefrontPart` of the ShopApi). */
  add<S extends StorefrontSlot>(slot: S, part: StorefrontPart<S>): void {
    if (slot === 'my_account.sections') {
      this.addSection(part as MyAccountSection);
      return;
    }
    const list = this.parts.get(slot) ?? [];
    list.push(part as unknown as StorefrontRenderer<StorefrontSlot>);
    this.parts.set(slot, list);
  }

  /** The sections extensions added to My account, in registration order. */
  accountSections(): readonly MyAccountSection[] {
    return this.sections;
  }

  /** Renders one My account section for one request (null when it has no page for it); head and scripts go to `assets`. */
  async renderSection(
    section: MyAccountSection,
    input: StorefrontSlots['my_account.sections'],
    request: FastifyRequest,
    assets: PageAssets,
  ): Promise<SafeHtml | null> {
    const contribution = await section.render({ ...input, request, viewer: request.principal });
    if (!contribution) return null;
    if (contribution.head) assets.head.push(contribution.head);
    for (const script of contribution.scripts ?? []) assets.scripts.add(script);
    return contribution.body ?? html``;
  }

  private addSection(section: MyAccountSection): void {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(section.slug) || RESERVED_SECTIONS.has(section.slug))
      throw new Error(`My account section slug "${section.slug}" is not allowed`);
    if (this.sections.some((s) => s.slug === section.slug))
      throw new Error(`My account section "${section.slug}" is already registered`);
    this.sections.push(section);
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
