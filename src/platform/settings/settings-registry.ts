import type { AnySettingsDeclaration, SettingsDeclaration, SettingsHost } from './define-settings.js';
import { SettingsStore } from './settings-store.js';

/** The settings stores of one app, one per declaration, built on first use (`ctx.settings.of(declaration)`). */
export class SettingsRegistry {
  private readonly stores = new Map<unknown, unknown>();

  /** `context` gives the app context once it is complete (the registry is part of it). */
  constructor(private readonly context: () => SettingsHost) {}

  /** This app's store of `declaration`. */
  of<D extends AnySettingsDeclaration>(declaration: D): StoreOf<D> {
    let store = this.stores.get(declaration) as StoreOf<D> | undefined;
    if (!store) {
      store = new SettingsStore(this.context(), declaration) as StoreOf<D>;
      this.stores.set(declaration, store);
    }
    return store;
  }
}

/** The store type of a declaration. */
export type StoreOf<D> =
  D extends SettingsDeclaration<infer T, infer Stored, infer C, infer St, any>
    ? SettingsStore<T, Stored, C, St>
    : never;
