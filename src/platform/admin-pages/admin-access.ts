import type { Principal } from '../auth/principal.js';

/** One module's admin screens as the shell announces them: its name and the capability its screens need. */
export interface AdminModule {
  name: string;
  capability: string;
}

/** True when the caller may enter `/wp-admin/`: a user holding the capability of at least one module's screens. */
export function mayEnterAdmin(principal: Principal, modules: readonly AdminModule[]): boolean {
  return principal.kind === 'user' && modules.some((m) => principal.capabilities.has(m.capability));
}
