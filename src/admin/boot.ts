import type { AdminBoot } from '../platform/admin-pages/admin-boot.schemas.js';

/** The boot object the shell page carries (`#storeside-boot`), read once. */
export const boot: AdminBoot = JSON.parse(document.getElementById('storeside-boot')?.textContent ?? 'null');

/** True when the logged-in user holds `capability`. */
export function userCan(capability: string): boolean {
  return boot.capabilities.includes(capability);
}
