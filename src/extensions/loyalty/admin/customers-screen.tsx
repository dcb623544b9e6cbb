import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { TextFilter } from '../../../admin/components/list-filters.js';
import { type ListQuery, useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen } from '../../../admin/components/list-screen.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
import type { UserSearchResult } from '../loyalty.schemas.js';
import { CustomerPanel } from './customer-panel.js';
import { searchCustomersPath } from './loyalty-client.js';

/** Customers and their balances, found by name or e-mail; one customer's panel opens beside the list. */
export default function CustomersScreen() {
  const list = useListQuery();
  const search = (list.values.s ?? '').trim();
  const selected = Number(list.values.customer) || 0;
  const searched = useApiQuery<UserSearchResult[]>(
    search === '' ? null : searchCustomersPath(search, 50),
    undefined,
    { placeholderData: keepPreviousData },
  );
  useErrorNotice(searched.error);
  const found = search === '' ? null : (searched.data ?? null);

  return (
    <>
      <ScreenHeader title={__('Loyalty Customers', 'storeside')} />
      <div className="storeside-filters">
        <TextFilter
          search
          list={list}
          param="s"
          label={__('Search customers', 'storeside')}
          placeholder={__('Name or e-mail', 'storeside')}
        />
      </div>
      {search === '' ? (
        <p className="storeside-muted">
          {__('Type a name or e-mail address to find customers.', 'storeside')}
        </p>
      ) : (
        <ListScreen<UserSearchResult>
          list={list}
          data={{
            page: found && { items: found, total: found.length, totalPages: 1 },
            loading: searched.isFetching,
            error: searched.error,
          }}
          paged={false}
          label={__('Customers found', 'storeside')}
          countLabel={['%s customer', '%s customers']}
          columns={columns(list)}
          getItemId={(user) => String(user.id)}
          empty={__('No customers found.', 'storeside')}
        />
      )}
      {selected > 0 ? (
        <CustomerPanel
          key={selected}
          userId={selected}
          name={found?.find((u) => u.id === selected)?.display_name}
        />
      ) : null}
    </>
  );
}

function columns(list: ListQuery): Column<UserSearchResult>[] {
  return [
    { id: 'name', label: __('Name', 'storeside'), render: (user) => user.display_name },
    { id: 'email', label: __('E-mail', 'storeside'), render: (user) => user.user_email },
    {
      id: 'balance',
      label: __('Balance', 'storeside'),
      numeric: true,
      render: (user) => user.balance.toLocaleString(),
    },
    {
      id: 'actions',
      label: <span className="screen-reader-text">{__('Actions', 'storeside')}</span>,
      render: (user) => (
        <Button
          variant="link"
          onClick={() => list.set({ customer: user.id })}
          aria-label={sprintf(__('View %s', 'storeside'), user.display_name)}
        >
          {__('View', 'storeside')}
        </Button>
      ),
    },
  ];
}
