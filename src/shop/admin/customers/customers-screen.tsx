import { SearchControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { Link } from 'wouter';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import { useApiPage, useErrorNotice } from '../../../admin/components/api-query.js';
import { useDebouncedQueryValue } from '../../../admin/components/use-debounced-query-value.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import { paging, pagingQuery } from '../../../admin/screens/platform-client.js';
import { formatAmount } from '../orders/order-money.js';
import { boot } from '../../../admin/boot.js';
import { type Customer, customerName, customersPath } from './customers-client.js';
import { useExtensionColumns } from './use-extension-columns.js';

/** Customers: search, server pages with the exact total, orders and total spent, and columns extensions add. */
export default function CustomersScreen() {
  const [query, setQuery] = useQueryState();
  const [search, setSearch] = useDebouncedQueryValue(query, setQuery, 's');
  const { page, perPage } = paging(query);
  const path = customersPath(query.s?.trim() || undefined, page, perPage);
  const { page: customers, loading, error } = useApiPage<Customer>(path);
  const extra = useExtensionColumns(customers?.items);

  useErrorNotice(error);

  return (
    <>
      <ScreenHeader title={__('Customers', 'storeside')} />
      <div className="storeside-filters">
        <SearchControl
          __nextHasNoMarginBottom
          label={__('Search customers', 'storeside')}
          placeholder={__('Name, username or e-mail', 'storeside')}
          value={search}
          onChange={setSearch}
        />
      </div>
      <ServerTable<Customer>
        label={__('Customers', 'storeside')}
        countLabel={['%s customer', '%s customers']}
        columns={[...customerColumns(), ...extra]}
        page={customers}
        loading={loading}
        pageNumber={page}
        perPage={perPage}
        onPaging={(next, size) => setQuery(pagingQuery(next, size))}
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
