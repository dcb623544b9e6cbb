import { RestError } from '../../platform/http/errors.js';
import type { CartUpdateCallback, ShopCart } from '../shop-api.js';

/** Providers of the Store API cart's `extensions` object (namespace → provider), WooCommerce's extensibility point. */
export class CartExtensions {
  private readonly providers = new Map<string, (cart: ShopCart) => Promise<unknown>>();
  private readonly callbacks = new Map<string, CartUpdateCallback>();

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

  /** Registers the `cart/extensions` callback of one namespace (one per namespace: a second one is a mistake). */
  registerUpdateCallback(namespace: string, callback: CartUpdateCallback): void {
    if (this.callbacks.has(namespace))
      throw new Error(`A cart update callback is already registered for namespace "${namespace}"`);
    this.callbacks.set(namespace, callback);
  }

  /** The `cart/extensions` callback of a namespace; 400 `woocommerce_rest_cart_extensions_error` when none. */
  updateCallback(namespace: string): CartUpdateCallback {
    const callback = this.callbacks.get(namespace);
    if (!callback)
      throw new RestError(
        'woocommerce_rest_cart_extensions_error',
        `There is no such namespace registered: ${namespace}.`,
        400,
      );
    return callback;
  }
}
