import type { PlatformContext } from '../context.js';
import type { SettingsDeclaration, SettingsStorage } from './define-settings.js';
import { SettingsStore } from './settings-store.js';

/** The settings stores of one app, one per declaration, built on first use (`ctx.settings.of(declaration)`). */
export class SettingsRegistry {
  private readonly stores = new Map<unknown, unknown>();

  /** `context` gives the app context once it is complete (the registry is part of it). */
  constructor(private readonly context: () => PlatformContext) {}

  /** This app's store of `declaration`. */
  of<T, Stored, C, St extends SettingsStorage<Stored>>(
    declaration: SettingsDeclaration<T, Stored, C, St>,
  ): SettingsStore<T, Stored, C, St> {
    let store = this.stores.get(declaration) as SettingsStore<T, Stored, C, St> | undefined;
    if (!store) {
      store = new SettingsStore(this.context(), declaration);
      this.stores.set(declaration, store);
    }
    return store;
  }
}
