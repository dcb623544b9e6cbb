import { __, sprintf } from '@wordpress/i18n';
import { Link } from 'wouter';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { FilterSelect } from '../../../admin/components/list-filters.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import type { Column } from '../../../admin/components/server-table.js';
import type { AdminSessionSummary } from '../sessions/sessions-admin.schemas.js';
import { SESSION_STATES } from '../sessions/session-states.constants.js';
import { formatMinor, sessionsPath } from './cart-recovery-client.js';
import { EmailSearch, searchFilter } from './email-search.js';
import { SESSION_STATUS_LABELS } from './status-labels.js';
import './cart-recovery-admin.css';

/** Recovery sessions: status filter and e-mail search kept in the URL, server-side pages. */
export default function SessionsScreen() {
  const list = useListQuery();
  const query = list.values;
  const status = (SESSION_STATES as readonly string[]).includes(query.status ?? '')
    ? query.status
    : undefined;
  const data = useListPage<AdminSessionSummary>(
    sessionsPath({ status, search: searchFilter(query) }, list.page, list.perPage),
  );

  return (
    <>
      <ScreenHeader title={__('Recovery Sessions', 'storeside')} />
      <ListScreen<AdminSessionSummary>
        list={list}
        data={data}
        filtersLegend={__('Filter the sessions', 'storeside')}
        filters={
          <>
            <FilterSelect
              list={list}
              param="status"
              value={status ?? ''}
              label={__('Status', 'storeside')}
              all={__('All statuses', 'storeside')}
              options={SESSION_STATES.map((s) => ({ value: s, label: SESSION_STATUS_LABELS[s] ?? s }))}
            />
            <EmailSearch query={query} setQuery={list.set} />
          </>
        }
        label={__('Recovery sessions', 'storeside')}
        countLabel={['%s session', '%s sessions']}
        columns={COLUMNS}
        getItemId={(session) => session.id}
        empty={__('No session matches these filters.', 'storeside')}
      />
    </>
  );
}

const COLUMNS: Column<AdminSessionSummary>[] = [
  {
    id: 'email',
    label: __('E-mail', 'storeside'),
    render: (s) => (
      <>
        <Link href={`/cart-recovery/sessions/${encodeURIComponent(s.id)}`}>
          {s.email || __('(erased)', 'storeside')}
        </Link>
        {s.is_test ? <span className="storeside-muted"> {__('(test)', 'storeside')}</span> : null}
      </>
    ),
  },
  {
    id: 'status',
    label: __('Status', 'storeside'),
    render: (s) => (
      <span className={`storeside-badge ${s.status}`}>{SESSION_STATUS_LABELS[s.status] ?? s.status}</span>
    ),
  },
  {
    id: 'value',
    label: __('Cart value', 'storeside'),
    numeric: true,
    render: (s) => formatMinor(s.cart_value.minor, s.cart_value.currency),
  },
  { id: 'activity', label: __('Last activity', 'storeside'), render: (s) => s.last_activity_at },
  {
    id: 'step',
    label: __('Step reached', 'storeside'),
    render: (s) => (s.step_reached > 0 ? sprintf(__('E-mail %d sent', 'storeside'), s.step_reached) : '—'),
  },
];
