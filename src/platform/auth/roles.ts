/** The built-in roles, WordPress/WooCommerce style. */
export const ROLES = ['administrator', 'shop_manager', 'customer', 'subscriber'] as const;
/** One of the built-in roles. */
export type Role = (typeof ROLES)[number];

const SHOP_CAPS = [
  'read',
  'manage_shop',
  'manage_woocommerce',
  'view_woocommerce_reports',
  'list_users',
  'edit_users',
];

/** Each role's own capabilities; extensions add theirs through `capabilities` in their definition. */
export const ROLE_CAPABILITIES: Record<Role, readonly string[]> = {
  administrator: [
    ...SHOP_CAPS,
    'manage_options',
    'create_users',
    'promote_users',
    'delete_users',
    'upload_files',
  ],
  shop_manager: SHOP_CAPS,
  customer: ['read'],
  subscriber: ['read', 'level_0'],
};

/** True when `value` names a built-in role. */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
