import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { Link } from 'wouter';
import type { RestUser } from '../../platform/auth/auth.schemas.js';
import { userCan } from '../boot.js';
import { FilterSelect, TextFilter } from '../components/list-filters.js';
import { knownValue, useListQuery } from '../components/list-query.js';
import { ListScreen, useListPage } from '../components/list-screen.js';
import { ScreenHeader } from '../components/screen-header.js';
import type { Column } from '../components/server-table.js';
import { roleLabel, roleOptions, usersPath } from './platform-client.js';

/** Users: search and role filter kept in the URL, server-side pages with the exact total, each user's edit link. */
export default function UsersScreen() {
  const list = useListQuery();
  const role = knownValue(roleOptions(), list.values.role);
  const path = usersPath({ search: list.values.s?.trim() || undefined, role }, list.page, list.perPage);
  return (
    <>
      <ScreenHeader title={__('Users', 'storeside')}>
        {userCan('create_users') ? (
          <Link href="/users/new" asChild>
            <Button variant="secondary">{__('Add New User', 'storeside')}</Button>
          </Link>
        ) : null}
      </ScreenHeader>
      <ListScreen<RestUser>
        list={list}
        data={useListPage(path)}
        filters={
          <>
            <TextFilter
              search
              list={list}
              param="s"
              label={__('Search users', 'storeside')}
              placeholder={__('Username, name or e-mail', 'storeside')}
            />
            <FilterSelect
              list={list}
              param="role"
              value={role ?? ''}
              label={__('Role', 'storeside')}
              all={__('All roles', 'storeside')}
              options={roleOptions()}
            />
          </>
        }
        label={__('Users', 'storeside')}
        countLabel={['%s user', '%s users']}
        columns={userColumns()}
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
