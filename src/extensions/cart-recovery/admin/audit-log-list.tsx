import { __ } from '@wordpress/i18n';
import { useApiPage } from '../../../admin/components/api-query.js';
import { FilterSelect } from '../../../admin/components/list-filters.js';
import { useLocalListQuery } from '../../../admin/components/list-query.js';
import { ListScreen } from '../../../admin/components/list-screen.js';
import { RequestError } from '../../../admin/components/request-error.js';
import type { Column } from '../../../admin/components/server-table.js';
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
  const list = useLocalListQuery({ defaultPerPage: 50 });
  const result = (list.values.result ?? '') as '' | AuditEntry['result'];
  const route = list.values.route ?? '';
  const data = useApiPage<AuditEntry>(auditLogPath({ result, route }, list.page, list.perPage));
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
  if (data.error) return <RequestError error={data.error} />;
  return (
    <ListScreen<AuditEntry>
      list={list}
      data={data}
      filters={
        <>
          <FilterSelect
            list={list}
            param="result"
            label={__('Result', 'storeside')}
            all={__('All results', 'storeside')}
            options={RESULTS.map((r) => ({ value: r, label: r }))}
          />
          <FilterSelect
            list={list}
            param="route"
            label={__('Route', 'storeside')}
            all={__('All routes', 'storeside')}
            options={ROUTES.map((r) => ({ value: r, label: r }))}
          />
        </>
      }
      label={__('Agent audit log', 'storeside')}
      columns={columns}
      getItemId={(e) => String(e.id)}
      countLabel={[__('%s entry', 'storeside'), __('%s entries', 'storeside')]}
      empty={__('No agent calls recorded.', 'storeside')}
    />
  );
}
