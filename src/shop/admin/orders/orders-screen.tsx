import { SearchControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { Link } from 'wouter';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import { useApiPage, useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { useDebouncedQueryValue } from '../../../admin/components/use-debounced-query-value.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { paging, pagingQuery } from '../../../admin/screens/platform-client.js';
import { orderCustomerName } from './order-customer-name.js';
import { formatAmount } from './order-money.js';
import { OrderStatusTabs } from './order-status-tabs.js';
import { ORDER_TOTALS_PATH, type Order, type OrderTotal, ordersPath } from './orders-client.js';
import './orders.css';

/** Orders: status tabs with their counts, search, and server pages with the exact total, all in the URL. */
export default function OrdersScreen() {
  const [query, setQuery] = useQueryState();
  const [search, setSearch] = useDebouncedQueryValue(query, setQuery, 's');
  const { page, perPage } = paging(query);
  const totalsQuery = useApiQuery<OrderTotal[]>(ORDER_TOTALS_PATH);
  const totals = totalsQuery.data ?? null;
  const status = totals?.some((t) => t.slug === query.status) ? query.status : '';
  const path = ordersPath(
    { status: query.status ? query.status : undefined, search: query.s?.trim() || undefined },
    page,
    perPage,
  );
  const { page: orders, loading, error } = useApiPage<Order>(path);

  useErrorNotice(error);
  useErrorNotice(totalsQuery.error);

  return (
    <>
      <ScreenHeader title={__('Orders', 'storeside')} />
      <OrderStatusTabs totals={totals} current={status} search={query.s ?? ''} />
      <div className="storeside-filters">
        <SearchControl
          __nextHasNoMarginBottom
          label={__('Search orders', 'storeside')}
          placeholder={__('Order number, name or e-mail', 'storeside')}
          value={search}
          onChange={setSearch}
        />
      </div>
      <ServerTable<Order>
        label={__('Orders', 'storeside')}
        countLabel={['%s order', '%s orders']}
        columns={orderColumns(totals)}
        page={orders}
        loading={loading}
        pageNumber={page}
        perPage={perPage}
        onPaging={(next, size) => setQuery(pagingQuery(next, size))}
        getItemId={(order) => String(order.id)}
        empty={__('No orders found.', 'storeside')}
      />
    </>
  );
}

function orderColumns(totals: OrderTotal[] | null): Column<Order>[] {
  const statusName = (slug: string) => totals?.find((t) => t.slug === slug)?.name ?? slug;
  return [
    {
      id: 'order',
      label: __('Order', 'storeside'),
      render: (order) => (
        <strong>
          <Link href={`/shop/orders/${order.id}`}>{`#${order.number} ${orderCustomerName(order)}`}</Link>
        </strong>
      ),
    },
    {
      id: 'date',
      label: __('Date', 'storeside'),
      render: (order) => <DateTime value={order.date_created_gmt} />,
    },
    {
      id: 'status',
      label: __('Status', 'storeside'),
      render: (order) => (
        <span className={`storeside-order-status status-${order.status}`}>{statusName(order.status)}</span>
      ),
    },
    { id: 'customer', label: __('Customer', 'storeside'), render: (order) => order.billing.email },
    {
      id: 'total',
      label: __('Total', 'storeside'),
      numeric: true,
      render: (order) => formatAmount(order.total, order.currency),
    },
  ];
}
