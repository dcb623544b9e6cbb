import { __ } from '@wordpress/i18n';
import { Link } from 'wouter';
import { userCan } from '../../../admin/boot.js';
import './settings-tabs.css';

/** WooCommerce's Settings tabs (General, Tax) above each settings screen, the current one marked. */
export function SettingsTabs({ current }: { current: 'general' | 'tax' }) {
  const tabs = [
    { id: 'general', href: '/shop/settings', label: __('General', 'storeside') },
    // The tax routes need `manage_woocommerce`, as WooCommerce's Tax tab does.
    ...(userCan('manage_woocommerce')
      ? [{ id: 'tax', href: '/shop/settings/tax', label: __('Tax', 'storeside') }]
      : []),
  ];
  return (
    <nav aria-label={__('Settings tabs', 'storeside')}>
      <ul className="storeside-settings-tabs">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link href={tab.href} aria-current={tab.id === current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
