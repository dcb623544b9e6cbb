import { Button, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import { boot } from '../../../admin/boot.js';
import { useNotices } from '../../../admin/components/notices.js';
import type { CustomerLoyalty } from '../loyalty.schemas.js';
import { AdjustPointsDialog } from './adjust-points-dialog.js';
import { customerPath, fetchCustomer, LOYALTY_NS } from './loyalty-client.js';

const PER_PAGE = 10;

/** One customer's loyalty: balance and its value, tier, referral code, their ledger, and an adjustment. */
export function CustomerPanel(props: { userId: number; name?: string }) {
  const notices = useNotices();
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const invalidate = useInvalidate();
  const customer = useApiQuery(
    customerPath(props.userId, page, PER_PAGE),
    () => fetchCustomer(props.userId, page, PER_PAGE),
    { placeholderData: keepPreviousData },
  );
  useErrorNotice(customer.error);
  if (!customer.data) return <Spinner />;
  const data = customer.data;
  const view: CustomerLoyalty = data.body;
  const title = props.name ?? sprintf(__('Customer #%s', 'storeside'), String(props.userId));
  const money = new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: view.currency || boot.currency,
  });
  return (
    <section className="storeside-panel" aria-labelledby="storeside-customer-title">
      <h2 id="storeside-customer-title">{title}</h2>
      <dl className="storeside-figures">
        <div>
          <dt>{__('Balance', 'storeside')}</dt>
          <dd>{sprintf(__('%s points', 'storeside'), view.balance.toLocaleString())}</dd>
        </div>
        <div>
          <dt>{__('Worth', 'storeside')}</dt>
          <dd>{money.format(view.balance_value)}</dd>
        </div>
        <div>
          <dt>{__('Tier', 'storeside')}</dt>
          <dd>{view.tier ? view.tier.name : __('Tiers off', 'storeside')}</dd>
        </div>
        <div>
          <dt>{__('Referral code', 'storeside')}</dt>
          <dd>{view.referral ? view.referral.code : __('Referrals off', 'storeside')}</dd>
        </div>
      </dl>
      <p>
        <Button variant="primary" onClick={() => setAdjusting(true)}>
          {__('Adjust Points', 'storeside')}
        </Button>
      </p>
      <table className="storeside-table">
        <caption>{sprintf(__('Ledger (%s entries)', 'storeside'), data.total.toLocaleString())}</caption>
        <thead>
          <tr>
            <th scope="col">{__('ID', 'storeside')}</th>
            <th scope="col">{__('Type', 'storeside')}</th>
            <th scope="col" className="num">
              {__('Points', 'storeside')}
            </th>
            <th scope="col">{__('Reference', 'storeside')}</th>
            <th scope="col">{__('Description', 'storeside')}</th>
            <th scope="col">{__('Date', 'storeside')}</th>
          </tr>
        </thead>
        <tbody>
          {view.history.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.id}</td>
              <td>
                {entry.transaction_type === 'credit' ? __('Credit', 'storeside') : __('Debit', 'storeside')}
              </td>
              <td className="num">{Number(entry.amount).toLocaleString()}</td>
              <td>{entry.reference_type}</td>
              <td>{entry.description}</td>
              <td>{entry.created_at}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.totalPages > 1 ? (
        <nav className="storeside-pagination" aria-label={__('Ledger pages', 'storeside')}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {__('Previous page', 'storeside')}
          </Button>
          <span>{sprintf(__('Page %1$s of %2$s', 'storeside'), String(page), String(data.totalPages))}</span>
          <Button variant="secondary" disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
            {__('Next page', 'storeside')}
          </Button>
        </nav>
      ) : null}
      {adjusting ? (
        <AdjustPointsDialog
          customer={{ id: props.userId, label: title }}
          onClose={() => setAdjusting(false)}
          onDone={(result) => {
            setAdjusting(false);
            setPage(1);
            // The balance shows in the customers list and the ledger too.
            void invalidate(`${LOYALTY_NS}/`);
            notices.show(
              'success',
              sprintf(
                __('Points adjusted for %1$s. New balance: %2$s points.', 'storeside'),
                title,
                String(result.new_balance),
              ),
            );
          }}
        />
      ) : null}
    </section>
  );
}
