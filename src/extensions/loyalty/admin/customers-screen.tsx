import { Button, SearchControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import type { UserSearchResult } from '../loyalty.schemas.js';
import { CustomerPanel } from './customer-panel.js';
import { searchCustomersPath } from './loyalty-client.js';

/** Customers and their balances, found by name or e-mail; one customer's panel opens beside the list. */
export default function CustomersScreen() {
  const [query, setQuery] = useQueryState();
  const [term, setTerm] = useState(query.s ?? '');
  const search = query.s ?? '';
  const selected = Number(query.customer) || 0;
  const searched = useApiQuery<UserSearchResult[]>(
    search.trim() === '' ? null : searchCustomersPath(search.trim(), 50),
    undefined,
    { placeholderData: keepPreviousData },
  );
  const found = search.trim() === '' ? null : (searched.data ?? null);
  useErrorNotice(searched.error);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (term !== search) setQuery({ s: term || undefined });
    }, 300);
    return () => clearTimeout(timer);
  }, [term, search, setQuery]);

  return (
    <>
      <ScreenHeader title={__('Loyalty Customers', 'storeside')} />
      <div className="storeside-filters">
        <SearchControl
          __nextHasNoMarginBottom
          label={__('Search customers', 'storeside')}
          placeholder={__('Name or e-mail', 'storeside')}
          value={term}
          onChange={setTerm}
        />
      </div>
      {found === null ? (
        <p className="storeside-muted">
          {__('Type a name or e-mail address to find customers.', 'storeside')}
        </p>
      ) : (
        <table className="storeside-table">
          <caption className="screen-reader-text">{__('Customers found', 'storeside')}</caption>
          <thead>
            <tr>
              <th scope="col">{__('Name', 'storeside')}</th>
              <th scope="col">{__('E-mail', 'storeside')}</th>
              <th scope="col" className="num">
                {__('Balance', 'storeside')}
              </th>
              <th scope="col">
                <span className="screen-reader-text">{__('Actions', 'storeside')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {found.length === 0 ? (
              <tr>
                <td colSpan={4}>{__('No customers found.', 'storeside')}</td>
              </tr>
            ) : (
              found.map((user) => (
                <tr key={user.id} aria-selected={user.id === selected}>
                  <td>{user.display_name}</td>
                  <td>{user.user_email}</td>
                  <td className="num">{user.balance.toLocaleString()}</td>
                  <td>
                    <Button
                      variant="link"
                      onClick={() => setQuery({ customer: user.id })}
                      aria-label={sprintf(__('View %s', 'storeside'), user.display_name)}
                    >
                      {__('View', 'storeside')}
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
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
