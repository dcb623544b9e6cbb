import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useState } from 'react';
import { RequestError } from '../../../admin/components/request-error.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import { useApiPage } from '../../../admin/components/api-query.js';
import { type AuditEntry, auditLogPath } from './config-client.js';

const RESULTS = ['allowed', 'denied', 'error'] as const;
// The agent routes an entry can name (the server matches the route's start).
const ROUTES = [
  '/agent/manifest',
  '/agent/sessions',
  '/agent/analytics',
  '/agent/settings',
  '/agent/campaign',
  '/agent/tokens',
  '/agent/audit-log',
];

/** Who an entry's caller was: a token's id, or the kind of login and the user. */
function caller(entry: AuditEntry): string {
  const { type, user_id, token_public_id } = entry.principal;
  if (token_public_id) return `${__('token', 'storeside')} ${token_public_id}`;
  return user_id ? `${type} #${user_id}` : type;
}

/** The redacted agent audit log, newest first, filtered by result and route on the server. */
export function AuditLogList() {
  const [paging, setPaging] = useState({ page: 1, perPage: 50 });
  const [result, setResult] = useState<'' | AuditEntry['result']>('');
  const [route, setRoute] = useState('');
  const { page, loading, error } = useApiPage<AuditEntry>(
    auditLogPath({ result, route }, paging.page, paging.perPage),
  );
  const columns: Column<AuditEntry>[] = [
    { id: 'time', label: __('Time', 'storeside'), render: (e) => e.time },
    { id: 'caller', label: __('Caller', 'storeside'), render: caller },
    { id: 'call', label: __('Call', 'storeside'), render: (e) => `${e.method} ${e.route}` },
    { id: 'target', label: __('Target', 'storeside'), render: (e) => e.action ?? e.target ?? '—' },
    { id: 'result', label: __('Result', 'storeside'), render: (e) => `${e.result} (${e.status})` },
    {
      id: 'detail',
      label: __('Detail (redacted)', 'storeside'),
      render: (e) => <code>{JSON.stringify(e.detail)}</code>,
    },
  ];
  if (error) return <RequestError error={error} />;
  return (
    <>
      <div className="storeside-filters">
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Result', 'storeside')}
          value={result}
          options={[
            { value: '', label: __('All results', 'storeside') },
            ...RESULTS.map((r) => ({ value: r, label: r })),
          ]}
          onChange={(value) => {
            setResult(value);
            setPaging({ ...paging, page: 1 });
          }}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Route', 'storeside')}
          value={route}
          options={[
            { value: '', label: __('All routes', 'storeside') },
            ...ROUTES.map((r) => ({ value: r, label: r })),
          ]}
          onChange={(value) => {
            setRoute(value);
            setPaging({ ...paging, page: 1 });
          }}
        />
      </div>
      <ServerTable
        label={__('Agent audit log', 'storeside')}
        columns={columns}
        page={page}
        loading={loading}
        pageNumber={paging.page}
        perPage={paging.perPage}
        onPaging={(p, perPage) => setPaging({ page: p, perPage })}
        getItemId={(e) => String(e.id)}
        countLabel={[__('%s entry', 'storeside'), __('%s entries', 'storeside')]}
        empty={__('No agent calls recorded.', 'storeside')}
      />
    </>
  );
}
