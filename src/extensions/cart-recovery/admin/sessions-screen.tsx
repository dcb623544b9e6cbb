import { SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { Link } from 'wouter';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import { useApiPage, useErrorNotice } from '../../../admin/components/api-query.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import type { AdminSessionSummary } from '../sessions/sessions-admin.schemas.js';
import { SESSION_STATES } from '../sessions/session-states.constants.js';
import { formatMinor, sessionsPath } from './cart-recovery-client.js';
import { EmailSearch, searchFilter } from './email-search.js';
import { SESSION_STATUS_LABELS } from './status-labels.js';
import './cart-recovery-admin.css';

/** Recovery sessions: status filter and e-mail search kept in the URL, server-side pages. */
export default function SessionsScreen() {
  const [query, setQuery] = useQueryState();
  const status = (SESSION_STATES as readonly string[]).includes(query.status ?? '')
    ? query.status
    : undefined;
  const page = Math.max(1, Number(query.paged) || 1);
  const perPage = [20, 50, 100].includes(Number(query.per_page)) ? Number(query.per_page) : 20;
  const {
    page: sessions,
    loading,
    error,
  } = useApiPage<AdminSessionSummary>(sessionsPath({ status, search: searchFilter(query) }, page, perPage));
  useErrorNotice(error);

  return (
    <>
      <ScreenHeader title={__('Recovery Sessions', 'storeside')} />
      <fieldset className="storeside-filters">
        <legend className="screen-reader-text">{__('Filter the sessions', 'storeside')}</legend>
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Status', 'storeside')}
          value={(status ?? '') as 'captured'}
          options={[
            { value: '', label: __('All statuses', 'storeside') },
            ...SESSION_STATES.map((s) => ({ value: s, label: SESSION_STATUS_LABELS[s] ?? s })),
          ]}
          onChange={(value) => setQuery({ status: value || undefined, paged: undefined })}
        />
        <EmailSearch query={query} setQuery={setQuery} />
      </fieldset>
      <ServerTable<AdminSessionSummary>
        label={__('Recovery sessions', 'storeside')}
        countLabel={['%s session', '%s sessions']}
        columns={COLUMNS}
        page={sessions}
        loading={loading}
        pageNumber={page}
        perPage={perPage}
        onPaging={(next, size) =>
          setQuery({ paged: next > 1 ? next : undefined, per_page: size !== 20 ? size : undefined })
        }
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
