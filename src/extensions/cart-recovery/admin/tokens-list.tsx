import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import { RequestError } from '../../../admin/components/request-error.js';
import type { Column } from '../../../admin/components/server-table.js';
import { useApiPage } from '../../../admin/components/api-query.js';
import { useLocalListQuery } from '../../../admin/components/list-query.js';
import { ListScreen } from '../../../admin/components/list-screen.js';
import { type AgentToken, revokeToken, tokensPath } from './config-client.js';
import { TokenDialog } from './token-dialog.js';

/** The bearer tokens: New token (dialog), the list, and Revoke with a confirmation. */
export function TokensList() {
  const notices = useNotices();
  const list = useLocalListQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AgentToken | null>(null);
  const data = useApiPage<AgentToken>(tokensPath(list.page, list.perPage));

  const revoke = async (token: AgentToken) => {
    setRevoking(null);
    try {
      await revokeToken(token.public_id);
      notices.show('success', sprintf(__('Token "%s" revoked.', 'storeside'), token.name));
    } catch (failure) {
      notices.showError(failure);
    }
  };
  const columns: Column<AgentToken>[] = [
    { id: 'name', label: __('Name', 'storeside'), render: (t) => t.name },
    { id: 'scopes', label: __('Scopes', 'storeside'), render: (t) => t.scopes.join(', ') },
    { id: 'status', label: __('Status', 'storeside'), render: (t) => t.status },
    { id: 'created', label: __('Created', 'storeside'), render: (t) => t.created_at },
    {
      id: 'expires',
      label: __('Expires', 'storeside'),
      render: (t) => t.expires_at ?? __('Never', 'storeside'),
    },
    { id: 'used', label: __('Last used', 'storeside'), render: (t) => t.last_used_at ?? '—' },
    {
      id: 'actions',
      label: __('Actions', 'storeside'),
      render: (t) =>
        t.status === 'active' ? (
          <Button
            variant="link"
            isDestructive
            onClick={() => setRevoking(t)}
            label={sprintf(__('Revoke %s', 'storeside'), t.name)}
          >
            {__('Revoke', 'storeside')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <p>
        <Button variant="secondary" onClick={() => setCreating(true)}>
          {__('New token', 'storeside')}
        </Button>
      </p>
      {data.error ? (
        <RequestError error={data.error} />
      ) : (
        <ListScreen<AgentToken>
          list={list}
          data={data}
          label={__('Agent tokens', 'storeside')}
          columns={columns}
          getItemId={(t) => t.public_id}
          countLabel={[__('%s token', 'storeside'), __('%s tokens', 'storeside')]}
          empty={__('No tokens yet.', 'storeside')}
        />
      )}
      {creating ? <TokenDialog onClose={() => setCreating(false)} /> : null}
      {revoking ? (
        <ConfirmDialog
          title={__('Revoke token?', 'storeside')}
          message={sprintf(
            __('"%s" stops working at once. Whatever uses it will be refused.', 'storeside'),
            revoking.name,
          )}
          confirmLabel={__('Revoke', 'storeside')}
          onConfirm={() => revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </>
  );
}
