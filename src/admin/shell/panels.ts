import { userCan } from '../boot.js';
import {
  type AdminColumn,
  type AdminModuleDefinition,
  type AdminPanel,
  registeredModules,
} from '../registry.js';

type Slot = 'orderPanels' | 'customerPanels' | 'customerColumns';
type SlotItem<S extends Slot> = NonNullable<AdminModuleDefinition[S]>[number];

/** The panels (or columns) of one slot that enabled modules add and the user may see, in module order. */
export function visibleAdditions<S extends Slot>(slot: S): SlotItem<S>[] {
  return registeredModules().flatMap((module) =>
    ((module[slot] ?? []) as Array<AdminPanel<unknown> | AdminColumn>)
      .filter((item) => userCan(item.capability ?? module.capability))
      .map((item) => ({ ...item, id: `${module.name}/${item.id}` }) as SlotItem<S>),
  );
}
