import { Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { Link, useParams } from 'wouter';
import { boot } from '../../../admin/boot.js';
import { ExtensionPanels } from '../../../admin/components/extension-panels.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { visibleAdditions } from '../../../admin/shell/panels.js';
import { formatAmount } from '../orders/order-money.js';
import { type Order, ordersPath } from '../orders/orders-client.js';
import { type Customer, customerName, customerPath } from './customers-client.js';

/** One customer: their details, their orders (server pages), and the panels extensions add. */
export default function CustomerScreen() {
  const id = Number(useParams<{ id: string }>().id);
  const loaded = useApiQuery<Customer>(customerPath(id));
  const customer = loaded.data ?? null;
  const list = useListQuery();
  const orders = useListPage<Order>(ordersPath({ customer: id }, list.page, list.perPage));
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
        <ListScreen<Order>
          list={list}
          data={orders}
          label={sprintf(__('Orders of %s', 'storeside'), customerName(customer))}
          countLabel={['%s order', '%s orders']}
          columns={orderColumns()}
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
