import type { SettingDefinition } from '../settings/setting-definitions.js';

/** WooCommerce's option: whether an erasure request also anonymises the person's orders (default: they are kept). */
export const REMOVE_ORDER_DATA_OPTION = 'woocommerce_erasure_request_removes_order_data';

/** The "Accounts & Privacy" tab's personal-data removal fields (WooCommerce's `account` settings group). */
export const ACCOUNT_SETTINGS: readonly SettingDefinition[] = [
  {
    id: REMOVE_ORDER_DATA_OPTION,
    label: 'Account erasure requests',
    description:
      'Remove personal data from orders on request. When handling an account erasure request, should personal data within orders be retained or removed?',
    type: 'checkbox',
    default: 'no',
  },
];
