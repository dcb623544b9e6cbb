import { Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { Link, useParams } from 'wouter';
import { boot } from '../../../admin/boot.js';
import { ExtensionPanels } from '../../../admin/components/extension-panels.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import { useApiPage, useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { paging, pagingQuery } from '../../../admin/screens/platform-client.js';
import { visibleAdditions } from '../../../admin/shell/panels.js';
import { formatAmount } from '../orders/order-money.js';
import { type Order, ordersPath } from '../orders/orders-client.js';
import { type Customer, customerName, customerPath } from './customers-client.js';

/** One customer: their details, their orders (server pages), and the panels extensions add. */
export default function CustomerScreen() {
  const id = Number(useParams<{ id: string }>().id);
  const loaded = useApiQuery<Customer>(customerPath(id));
  const customer = loaded.data ?? null;
  const [query, setQuery] = useQueryState();
  const { page, perPage } = paging(query);
  const { page: orders, loading, error } = useApiPage<Order>(ordersPath({ customer: id }, page, perPage));

  useErrorNotice(error);
  useErrorNotice(loaded.error);

  if (!customer)
    return (
      <>
        <ScreenHeader title={sprintf(__('Customer #%s', 'storeside'), String(id))} />
        <Spinner />
      </>
    );
  return (
    <>
      <ScreenHeader title={customerName(customer)} />
      <p>
        <Link href="/shop/customers">{__('← All customers', 'storeside')}</Link>
      </p>
      <section className="storeside-panel" aria-labelledby="customer-details-heading">
        <h2 id="customer-details-heading">{__('Details', 'storeside')}</h2>
        <dl className="storeside-figures">
          <div>
            <dt>{__('E-mail', 'storeside')}</dt>
            <dd>{customer.email}</dd>
          </div>
          <div>
            <dt>{__('Registered', 'storeside')}</dt>
            <dd>
              <DateTime value={customer.date_created_gmt} />
            </dd>
          </div>
          <div>
            <dt>{__('Orders', 'storeside')}</dt>
            <dd>{customer.orders_count.toLocaleString()}</dd>
          </div>
          <div>
            <dt>{__('Total spent', 'storeside')}</dt>
            <dd>{formatAmount(customer.total_spent, boot.currency)}</dd>
          </div>
        </dl>
      </section>
      <ExtensionPanels panels={visibleAdditions('customerPanels')} props={{ customerId: customer.id }} />
      <section className="storeside-panel" aria-labelledby="customer-orders-heading">
        <h2 id="customer-orders-heading">{__('Orders', 'storeside')}</h2>
        <ServerTable<Order>
          label={sprintf(__('Orders of %s', 'storeside'), customerName(customer))}
          countLabel={['%s order', '%s orders']}
          columns={orderColumns()}
          page={orders}
          loading={loading}
          pageNumber={page}
          perPage={perPage}
          onPaging={(next, size) => setQuery(pagingQuery(next, size))}
          getItemId={(order) => String(order.id)}
          empty={__('No orders yet.', 'storeside')}
        />
      </section>
    </>
  );
}

function orderColumns(): Column<Order>[] {
  return [
    {
      id: 'order',
      label: __('Order', 'storeside'),
      render: (order) => <Link href={`/shop/orders/${order.id}`}>{`#${order.number}`}</Link>,
    },
    {
      id: 'date',
      label: __('Date', 'storeside'),
      render: (order) => <DateTime value={order.date_created_gmt} />,
    },
    { id: 'status', label: __('Status', 'storeside'), render: (order) => order.status },
    {
      id: 'total',
      label: __('Total', 'storeside'),
      numeric: true,
      render: (order) => formatAmount(order.total, order.currency),
    },
  ];
}
