// The admin entries of every module (`*-admin.ts`, each calling `registerAdminModule`), found by file name so the
// shell imports none of them by name; the boot object says which are enabled, in the server's module order.
import.meta.glob(
  ['./screens/platform-admin.ts', '../shop/admin/shop-admin.ts', '../extensions/*/admin/*-admin.{ts,tsx}'],
  { eager: true },
);
