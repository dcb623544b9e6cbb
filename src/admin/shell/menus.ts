import { userCan } from '../boot.js';
import { type AdminMenu, type AdminScreen, registeredModules } from '../registry.js';

/** A screen the logged-in user may open, with the capability it needs resolved. */
export interface VisibleScreen extends AdminScreen {
  capability: string;
}

/** A menu with only the screens the user may open. */
export interface VisibleMenu extends AdminMenu {
  screens: VisibleScreen[];
}

/** The menus of the enabled modules, holding the screens the user may open, in menu order. */
export function visibleMenus(): VisibleMenu[] {
  const menus: VisibleMenu[] = [];
  for (const module of registeredModules()) {
    for (const menu of module.menus) {
      const screens = menu.screens
        .map((screen) => ({ ...screen, capability: screen.capability ?? module.capability }))
        .filter((screen) => userCan(screen.capability));
      if (screens.length > 0) menus.push({ ...menu, screens });
    }
  }
  return menus.sort((a, b) => a.order - b.order);
}
