import type { ComponentType } from 'react';
import type { RestErrorBody } from './api.js';
import { boot } from './boot.js';

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

/** A panel a module adds to another module's screen, loaded on first use (its own chunk). */
export interface AdminPanel<Props> {
  id: string;
  /** Capability the panel needs (defaults to its module's). */
  capability?: string;
  load: () => Promise<{ default: ComponentType<Props> }>;
}

/** What the order screen gives its panels; `revision` changes whenever the order does (a refund, a status). */
export interface OrderPanelProps {
  orderId: number;
  customerId: number;
  revision: number;
}

/** What a customer's screen gives its panels. */
export interface CustomerPanelProps {
  customerId: number;
}

/** Reads one column's text for the customers of a page, by customer id. */
export type ColumnValues = (customerIds: number[]) => Promise<Map<number, string>>;

/** A column a module adds to the customers list, its values loaded with each page. */
export interface AdminColumn {
  id: string;
  label: string;
  /** Capability the column needs (defaults to its module's). */
  capability?: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  load: () => Promise<{ default: ColumnValues }>;
}

/** What a refused request means to a person, and where to fix it (a path below `/wp-admin/`). */
export interface ErrorHelp {
  message: string;
  action?: { label: string; path: string };
}

/**
 * What a module (the platform, the shop, an extension) adds to the admin app. The capability its screens need is
 * declared once, by the server module (`admin: { capability }`), and reaches the browser in the boot object.
 */
export interface AdminModuleDefinition {
  /** The server module's name: the boot object lists the enabled modules by it, with their capability. */
  name: string;
  menus: AdminMenu[];
  /** The module's card on the dashboard. */
  dashboardCard?: ScreenLoader;
  /** Panels on the order screen (`shop/orders/<id>`). */
  orderPanels?: AdminPanel<OrderPanelProps>[];
  /** Panels on a customer's screen (`shop/customers/<id>`). */
  customerPanels?: AdminPanel<CustomerPanelProps>[];
  /** Columns of the customers list (`shop/customers`). */
  customerColumns?: AdminColumn[];
  /** Readable explanations of the module's own error codes, shown by every screen that meets them. */
  errorHelp?: Record<string, (error: RestErrorBody) => ErrorHelp>;
}

/** A registered module the server enabled, with the capability its manifest declares (from the boot object). */
export interface AdminModule extends AdminModuleDefinition {
  /** The capability every screen of the module needs unless a screen names its own. */
  capability: string;
}

const definitions = new Map<string, AdminModuleDefinition>();

/** Adds a module's screens, menus and dashboard card to the app (called once per module at load). */
export function registerAdminModule(definition: AdminModuleDefinition): void {
  definitions.set(definition.name, definition);
}

/** The registered modules the server enabled for this user, in the server's module order, with their capability. */
export function registeredModules(): readonly AdminModule[] {
  return boot.modules.flatMap(({ name, capability }) => {
    const definition = definitions.get(name);
    return definition ? [{ ...definition, capability }] : [];
  });
}
