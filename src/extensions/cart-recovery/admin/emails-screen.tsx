import { SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { Link } from 'wouter';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import { useApiPage, useErrorNotice } from '../../../admin/components/api-query.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import type { AdminNotification } from '../sessions/sessions-admin.schemas.js';
import { NOTIFICATION_FILTERS } from '../sessions/session-states.constants.js';
import { emailsPath } from './cart-recovery-client.js';
import { EmailSearch, searchFilter } from './email-search.js';
import { EMAIL_STATUS_LABELS } from './status-labels.js';

/** Recovery e-mails: state, step and address filters kept in the URL; attempts and the last error per e-mail. */
export default function EmailsScreen() {
  const [query, setQuery] = useQueryState();
  const status = (NOTIFICATION_FILTERS as readonly string[]).includes(query.status ?? '')
    ? query.status
    : undefined;
  const step = ['1', '2', '3'].includes(query.step ?? '') ? query.step : undefined;
  const page = Math.max(1, Number(query.paged) || 1);
  const perPage = [20, 50, 100].includes(Number(query.per_page)) ? Number(query.per_page) : 20;
  const {
    page: emails,
    loading,
    error,
  } = useApiPage<AdminNotification>(emailsPath({ status, step, search: searchFilter(query) }, page, perPage));
  useErrorNotice(error);

  return (
    <>
      <ScreenHeader title={__('Recovery E-mails', 'storeside')} />
      <fieldset className="storeside-filters">
        <legend className="screen-reader-text">{__('Filter the e-mails', 'storeside')}</legend>
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('State', 'storeside')}
          value={(status ?? '') as 'sent'}
          options={[
            { value: '', label: __('All states', 'storeside') },
            ...NOTIFICATION_FILTERS.map((s) => ({ value: s, label: EMAIL_STATUS_LABELS[s] ?? s })),
          ]}
          onChange={(value) => setQuery({ status: value || undefined, paged: undefined })}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Step', 'storeside')}
          value={step ?? ''}
          options={[
            { value: '', label: __('All steps', 'storeside') },
            ...['1', '2', '3'].map((s) => ({ value: s, label: sprintf(__('E-mail %s', 'storeside'), s) })),
          ]}
          onChange={(value) => setQuery({ step: value || undefined, paged: undefined })}
        />
        <EmailSearch query={query} setQuery={setQuery} />
      </fieldset>
      <ServerTable<AdminNotification>
        label={__('Recovery e-mails', 'storeside')}
        countLabel={['%s e-mail', '%s e-mails']}
        columns={COLUMNS}
        page={emails}
        loading={loading}
        pageNumber={page}
        perPage={perPage}
        onPaging={(next, size) =>
          setQuery({ paged: next > 1 ? next : undefined, per_page: size !== 20 ? size : undefined })
        }
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
