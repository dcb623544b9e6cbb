import { __ } from '@wordpress/i18n';
import { Link } from 'wouter';
import { boot } from '../../../admin/boot.js';
import { TextFilter } from '../../../admin/components/list-filters.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
import { formatAmount } from '../orders/order-money.js';
import { type Customer, customerName, customersPath } from './customers-client.js';
import { useExtensionColumns } from './use-extension-columns.js';

/** Customers: search, server pages with the exact total, orders and total spent, and columns extensions add. */
export default function CustomersScreen() {
  const list = useListQuery();
  const data = useListPage<Customer>(
    customersPath(list.values.s?.trim() || undefined, list.page, list.perPage),
  );
  const extra = useExtensionColumns(data.page?.items);
  return (
    <>
      <ScreenHeader title={__('Customers', 'storeside')} />
      <ListScreen<Customer>
        list={list}
        data={data}
        filters={
          <TextFilter
            search
            list={list}
            param="s"
            label={__('Search customers', 'storeside')}
            placeholder={__('Name, username or e-mail', 'storeside')}
          />
        }
        label={__('Customers', 'storeside')}
        countLabel={['%s customer', '%s customers']}
        columns={[...customerColumns(), ...extra]}
        getItemId={(customer) => String(customer.id)}
        empty={__('No customers found.', 'storeside')}
      />
    </>
  );
}

function customerColumns(): Column<Customer>[] {
  return [
    {
      id: 'name',
      label: __('Name', 'storeside'),
      render: (customer) => (
        <strong>
          <Link href={`/shop/customers/${customer.id}`}>{customerName(customer)}</Link>
        </strong>
      ),
    },
    { id: 'email', label: __('E-mail', 'storeside'), render: (customer) => customer.email },
    {
      id: 'orders',
      label: __('Orders', 'storeside'),
      numeric: true,
      render: (customer) => customer.orders_count.toLocaleString(),
    },
    {
      id: 'spent',
      label: __('Total spent', 'storeside'),
      numeric: true,
      render: (customer) => formatAmount(customer.total_spent, boot.currency),
    },
  ];
}
