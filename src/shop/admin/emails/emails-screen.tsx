import { Spinner, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { EMAILS_ROUTE, type ShopEmailRow, setEmailEnabled } from './emails-client.js';

/**
 * Emails (WooCommerce → Settings → Emails): every e-mail the shop sends, with its on/off switch and who gets it;
 * its name opens its settings and preview.
 */
export default function EmailsScreen() {
  const notices = useNotices();
  const query = useApiQuery<ShopEmailRow[]>(EMAILS_ROUTE);
  useErrorNotice(query.error);
  const [busy, setBusy] = useState<string | null>(null);
  const rows = query.data ?? null;

  const toggle = async (row: ShopEmailRow, enabled: boolean) => {
    setBusy(row.id);
    try {
      await setEmailEnabled(row.id, enabled);
      await query.refetch();
      notices.show(
        'success',
        sprintf(
          enabled ? __('“%s” is enabled.', 'storeside') : __('“%s” is disabled.', 'storeside'),
          row.title,
        ),
      );
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ScreenHeader title={__('Emails', 'storeside')} />
      <p>
        {__(
          'Email notifications sent from your store are listed below. Click on an email to configure it and see its preview.',
          'storeside',
        )}
      </p>
      {rows === null ? (
        <Spinner />
      ) : (
        <table className="wp-list-table widefat striped storeside-emails" aria-busy={busy !== null}>
          <caption className="screen-reader-text">{__('Emails', 'storeside')}</caption>
          <thead>
            <tr>
              <th scope="col">{__('Enabled', 'storeside')}</th>
              <th scope="col">{__('Email', 'storeside')}</th>
              <th scope="col">{__('Recipient(s)', 'storeside')}</th>
              <th scope="col">{__('Actions', 'storeside')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <ToggleControl
                    __nextHasNoMarginBottom
                    label={
                      <span className="screen-reader-text">
                        {sprintf(__('Enable “%s”', 'storeside'), row.title)}
                      </span>
                    }
                    checked={row.enabled}
                    disabled={busy !== null}
                    onChange={(on) => void toggle(row, on)}
                  />
                </td>
                <td>
                  <Link href={`/shop/emails/${row.id}`}>{row.title}</Link>
                  <p className="description">{row.description}</p>
                </td>
                <td>{row.audience === 'owner' ? row.recipient : __('Customer', 'storeside')}</td>
                <td>
                  <Link
                    href={`/shop/emails/${row.id}`}
                    aria-label={sprintf(__('Manage “%s”', 'storeside'), row.title)}
                  >
                    {__('Manage', 'storeside')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
