import type { ShopCart } from '../shop-api.js';

/** Providers of the Store API cart's `extensions` object (namespace → provider), WooCommerce's extensibility point. */
export class CartExtensions {
  private readonly providers = new Map<string, (cart: ShopCart) => Promise<unknown>>();

  /** Registers (or replaces) the provider of one namespace. */
  register(namespace: string, provider: (cart: ShopCart) => Promise<unknown>): void {
    this.providers.set(namespace, provider);
  }

  /** Every namespace's data for `cart`, providers run concurrently. */
  async dataFor(cart: ShopCart): Promise<Record<string, unknown>> {
    if (this.providers.size === 0) return {};
    const entries = await Promise.all(
      [...this.providers].map(async ([namespace, provider]) => [namespace, await provider(cart)] as const),
    );
    return Object.fromEntries(entries);
  }
}
