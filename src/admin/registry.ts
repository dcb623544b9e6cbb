import type { ComponentType } from 'react';

/** A lazily loaded screen module (one chunk per screen). */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** One screen at `/wp-admin/<path>`. */
export interface AdminScreen {
  /** Path below `/wp-admin/`, e.g. `loyalty/ledger`. */
  path: string;
  /** The navigation label (and document title). */
  label: string;
  /** Capability the screen needs (defaults to its module's). */
  capability?: string;
  /** Left out of the navigation (reached from another screen, e.g. a user's edit screen). */
  hidden?: boolean;
  load: ScreenLoader;
}

/** One navigation group (a top-level menu entry and its screens). */
export interface AdminMenu {
  label: string;
  /** Position in the menu: Dashboard is 0, extensions 10–60, Users 70, Tools 80. */
  order: number;
  screens: AdminScreen[];
}

/** What a module (the platform, the shop, an extension) adds to the admin app. */
export interface AdminModuleDefinition {
  /** The server module's name (the boot object lists the enabled ones). */
  name: string;
  /** The capability every screen of the module needs unless a screen names its own. */
  capability: string;
  menus: AdminMenu[];
  /** The module's card on the dashboard. */
  dashboardCard?: ScreenLoader;
}

const definitions: AdminModuleDefinition[] = [];

/** Adds a module's screens, menus and dashboard card to the app (called once per module at load). */
export function registerAdminModule(definition: AdminModuleDefinition): void {
  definitions.push(definition);
}

/** Every registered module. */
export function registeredModules(): readonly AdminModuleDefinition[] {
  return definitions;
}
