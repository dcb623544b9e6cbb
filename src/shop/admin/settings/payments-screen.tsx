import { Button, Spinner, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { GATEWAYS_ROUTE, type Gateway, saveGateway } from './payments-client.js';
import './payments.css';

/**
 * WooCommerce → Settings → Payments: the gateways in the order checkout offers them, each with its switch (saved at
 * once), Move up / Move down to reorder, and a link to its settings.
 */
export default function PaymentsScreen() {
  const notices = useNotices();
  const query = useApiQuery<Gateway[]>(GATEWAYS_ROUTE);
  useErrorNotice(query.error);
  const [busy, setBusy] = useState(false);
  const gateways = query.data ?? null;

  const write = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notices.show('success', done);
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (gateway: Gateway, enabled: boolean) =>
    write(
      () => saveGateway(gateway.id, { enabled }),
      sprintf(enabled ? __('"%s" enabled.', 'storeside') : __('"%s" disabled.', 'storeside'), gateway.title),
    );

  const move = (list: Gateway[], from: number, to: number) => {
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    // Orders 0, 1, 2 … in the new sequence; only the gateways whose order changes are written.
    return write(
      () =>
        Promise.all(
          next.map((gateway, order) => (gateway.order === order ? null : saveGateway(gateway.id, { order }))),
        ),
      sprintf(__('"%1$s" moved to position %2$d.', 'storeside'), moved!.title, to + 1),
    );
  };

  return (
    <div className="storeside-payments">
      <ScreenHeader title={__('Payments', 'storeside')} />
      <p>
        {__(
          'The payment methods checkout offers, top to bottom. Switch one on or off, move it, or manage its settings.',
          'storeside',
        )}
      </p>
      {gateways === null ? (
        <Spinner />
      ) : (
        <table className="wp-list-table widefat striped storeside-gateways" aria-busy={busy}>
          <thead>
            <tr>
              <th scope="col">{__('Method', 'storeside')}</th>
              <th scope="col">{__('Enabled', 'storeside')}</th>
              <th scope="col">{__('Description', 'storeside')}</th>
              <th scope="col">{__('Actions', 'storeside')}</th>
            </tr>
          </thead>
          <tbody>
            {gateways.map((gateway, index) => (
              <tr key={gateway.id}>
                <td>
                  <strong>{gateway.title}</strong>
                  {gateway.title !== gateway.method_title ? (
                    <>
                      <br />
                      <span className="storeside-gateway-kind">{gateway.method_title}</span>
                    </>
                  ) : null}
                </td>
                <td>
                  <ToggleControl
                    __nextHasNoMarginBottom
                    label={sprintf(__('Enable %s', 'storeside'), gateway.title)}
                    checked={gateway.enabled}
                    onChange={(enabled) => void toggle(gateway, enabled)}
                  />
                </td>
                <td>{gateway.method_description}</td>
                <td className="storeside-gateway-actions">
                  <Button
                    variant="tertiary"
                    size="small"
                    disabled={busy || index === 0}
                    accessibleWhenDisabled
                    onClick={() => void move(gateways, index, index - 1)}
                    label={sprintf(__('Move %s up', 'storeside'), gateway.title)}
                  >
                    {__('Move up', 'storeside')}
                  </Button>
                  <Button
                    variant="tertiary"
                    size="small"
                    disabled={busy || index === gateways.length - 1}
                    accessibleWhenDisabled
                    onClick={() => void move(gateways, index, index + 1)}
                    label={sprintf(__('Move %s down', 'storeside'), gateway.title)}
                  >
                    {__('Move down', 'storeside')}
                  </Button>
                  <Link
                    href={`/shop/settings/payments/${gateway.id}`}
                    aria-label={sprintf(__('Manage %s', 'storeside'), gateway.title)}
                  >
                    {__('Manage', 'storeside')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
