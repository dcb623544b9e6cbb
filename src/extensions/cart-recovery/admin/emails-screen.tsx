import { __, sprintf } from '@wordpress/i18n';
import { Link } from 'wouter';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { FilterSelect } from '../../../admin/components/list-filters.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import type { Column } from '../../../admin/components/server-table.js';
import type { AdminNotification } from '../sessions/sessions-admin.schemas.js';
import { NOTIFICATION_FILTERS } from '../sessions/session-states.constants.js';
import { emailsPath } from './cart-recovery-client.js';
import { EmailSearch, searchFilter } from './email-search.js';
import { EMAIL_STATUS_LABELS } from './status-labels.js';

/** Recovery e-mails: state, step and address filters kept in the URL; attempts and the last error per e-mail. */
export default function EmailsScreen() {
  const list = useListQuery();
  const query = list.values;
  const status = (NOTIFICATION_FILTERS as readonly string[]).includes(query.status ?? '')
    ? query.status
    : undefined;
  const step = ['1', '2', '3'].includes(query.step ?? '') ? query.step : undefined;
  const data = useListPage<AdminNotification>(
    emailsPath({ status, step, search: searchFilter(query) }, list.page, list.perPage),
  );

  return (
    <>
      <ScreenHeader title={__('Recovery E-mails', 'storeside')} />
      <ListScreen<AdminNotification>
        list={list}
        data={data}
        filtersLegend={__('Filter the e-mails', 'storeside')}
        filters={
          <>
            <FilterSelect
              list={list}
              param="status"
              value={status ?? ''}
              label={__('State', 'storeside')}
              all={__('All states', 'storeside')}
              options={NOTIFICATION_FILTERS.map((s) => ({ value: s, label: EMAIL_STATUS_LABELS[s] ?? s }))}
            />
            <FilterSelect
              list={list}
              param="step"
              value={step ?? ''}
              label={__('Step', 'storeside')}
              all={__('All steps', 'storeside')}
              options={['1', '2', '3'].map((s) => ({
                value: s,
                label: sprintf(__('E-mail %s', 'storeside'), s),
              }))}
            />
            <EmailSearch query={query} setQuery={list.set} />
          </>
        }
        label={__('Recovery e-mails', 'storeside')}
        countLabel={['%s e-mail', '%s e-mails']}
        columns={COLUMNS}
        getItemId={(email) => String(email.id)}
        empty={__('No e-mail matches these filters.', 'storeside')}
      />
    </>
  );
}

const COLUMNS: Column<AdminNotification>[] = [
  {
    id: 'recipient',
    label: __('Recipient', 'storeside'),
    render: (e) => (
      <Link href={`/cart-recovery/sessions/${encodeURIComponent(e.session_id)}`}>
        {e.email || __('(erased)', 'storeside')}
      </Link>
    ),
  },
  {
    id: 'step',
    label: __('Step', 'storeside'),
    render: (e) => sprintf(__('E-mail %d', 'storeside'), e.step),
  },
  {
    id: 'state',
    label: __('State', 'storeside'),
    render: (e) => (
      <span className={`storeside-badge ${e.status}`}>{EMAIL_STATUS_LABELS[e.status] ?? e.status}</span>
    ),
  },
  {
    id: 'when',
    label: __('When', 'storeside'),
    render: (e) => e.sent_at ?? e.failed_at ?? e.canceled_at ?? e.scheduled_at,
  },
  { id: 'attempts', label: __('Attempts', 'storeside'), numeric: true, render: (e) => e.attempts },
  {
    id: 'error',
    label: __('Last error', 'storeside'),
    render: (e) =>
      e.last_error ?? (e.cancel_reason ? sprintf(__('Cancelled: %s', 'storeside'), e.cancel_reason) : '—'),
  },
];
