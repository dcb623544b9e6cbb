import { __ } from '@wordpress/i18n';
import { Link } from 'wouter';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { TextFilter } from '../../../admin/components/list-filters.js';
import { sortParams, useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { orderCustomerName } from './order-customer-name.js';
import { formatAmount } from './order-money.js';
import { OrderStatusTabs } from './order-status-tabs.js';
import { ORDER_TOTALS_PATH, type Order, type OrderTotal, ordersPath } from './orders-client.js';
import './orders.css';

const SORTS = ['date'];

/** Orders: status tabs with their counts, search, sorting and server pages with the exact total, all in the URL. */
export default function OrdersScreen() {
  const list = useListQuery();
  const { values } = list;
  const totalsQuery = useApiQuery<OrderTotal[]>(ORDER_TOTALS_PATH);
  useErrorNotice(totalsQuery.error);
  const totals = totalsQuery.data ?? null;
  const status = totals?.some((t) => t.slug === values.status) ? values.status : '';
  const path = ordersPath(
    {
      status: values.status ? values.status : undefined,
      search: values.s?.trim() || undefined,
      ...sortParams(list.sort, SORTS),
    },
    list.page,
    list.perPage,
  );
  return (
    <>
      <ScreenHeader title={__('Orders', 'storeside')} />
      <OrderStatusTabs totals={totals} current={status} search={values.s ?? ''} />
      <ListScreen<Order>
        list={list}
        data={useListPage(path)}
        filters={
          <TextFilter
            search
            list={list}
            param="s"
            label={__('Search orders', 'storeside')}
            placeholder={__('Order number, name or e-mail', 'storeside')}
          />
        }
        label={__('Orders', 'storeside')}
        countLabel={['%s order', '%s orders']}
        columns={orderColumns(totals)}
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
      sort: 'date',
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
