import { Button, SearchControl, SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { Link } from 'wouter';
import type { RestUser } from '../../platform/auth/auth.schemas.js';
import { userCan } from '../boot.js';
import { ScreenHeader } from '../components/screen-header.js';
import { type Column, ServerTable } from '../components/server-table.js';
import { useApiPage, useErrorNotice } from '../components/api-query.js';
import { useDebouncedQueryValue } from '../components/use-debounced-query-value.js';
import { useQueryState } from '../components/use-query-state.js';
import { paging, pagingQuery, roleLabel, roleOptions, usersPath } from './platform-client.js';

/** Users: search and role filter kept in the URL, server-side pages with the exact total, each user's edit link. */
export default function UsersScreen() {
  const [query, setQuery] = useQueryState();
  const [search, setSearch] = useDebouncedQueryValue(query, setQuery, 's');
  const { page, perPage } = paging(query);
  const role = roleOptions().some((option) => option.value === query.role) ? query.role : undefined;
  const path = usersPath({ search: query.s?.trim() || undefined, role }, page, perPage);
  const { page: users, loading, error } = useApiPage<RestUser>(path);

  useErrorNotice(error);

  return (
    <>
      <ScreenHeader title={__('Users', 'storeside')}>
        {userCan('create_users') ? (
          <Link href="/users/new" asChild>
            <Button variant="secondary">{__('Add New User', 'storeside')}</Button>
          </Link>
        ) : null}
      </ScreenHeader>
      <div className="storeside-filters">
        <SearchControl
          __nextHasNoMarginBottom
          label={__('Search users', 'storeside')}
          placeholder={__('Username, name or e-mail', 'storeside')}
          value={search}
          onChange={setSearch}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Role', 'storeside')}
          value={role ?? ''}
          options={[{ value: '', label: __('All roles', 'storeside') }, ...roleOptions()]}
          onChange={(value) => setQuery({ role: value || undefined, paged: undefined })}
        />
      </div>
      <ServerTable<RestUser>
        label={__('Users', 'storeside')}
        countLabel={['%s user', '%s users']}
        columns={userColumns()}
        page={users}
        loading={loading}
        pageNumber={page}
        perPage={perPage}
        onPaging={(next, size) => setQuery(pagingQuery(next, size))}
        getItemId={(user) => String(user.id)}
        empty={__('No users found.', 'storeside')}
      />
    </>
  );
}

function userColumns(): Column<RestUser>[] {
  return [
    {
      id: 'username',
      label: __('Username', 'storeside'),
      render: (user) => (
        <strong>
          <Link href={`/users/${user.id}`}>{user.username}</Link>
        </strong>
      ),
    },
    { id: 'name', label: __('Name', 'storeside'), render: (user) => user.name },
    { id: 'email', label: __('Email', 'storeside'), render: (user) => user.email },
    { id: 'role', label: __('Role', 'storeside'), render: (user) => roleLabel(user.roles[0]) },
  ];
}
