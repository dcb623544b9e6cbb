import { __, sprintf } from '@wordpress/i18n';
import { Link } from 'wouter';
import { withQuery } from '../../../admin/api.js';
import type { OrderTotal } from './orders-client.js';

/** WordPress's "All (n) | Processing (n) | …" links above the orders list; the current one is marked. */
export function OrderStatusTabs(props: { totals: OrderTotal[] | null; current: string; search: string }) {
  const all = (props.totals ?? []).reduce((sum, t) => sum + t.total, 0);
  const tabs = [
    { slug: '', name: __('All', 'storeside'), total: all },
    ...(props.totals ?? []).filter((t) => t.total > 0 || t.slug === props.current),
  ];
  return (
    <nav aria-label={__('Order status', 'storeside')}>
      <ul className="storeside-status-tabs">
        {tabs.map((tab) => (
          <li key={tab.slug || 'all'}>
            <Link
              href={withQuery('/shop/orders', { status: tab.slug, s: props.search })}
              aria-current={tab.slug === props.current ? 'page' : undefined}
            >
              {sprintf(__('%1$s (%2$s)', 'storeside'), tab.name, tab.total.toLocaleString())}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
