import { Button, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import { boot } from '../../../admin/boot.js';
import { useNotices } from '../../../admin/components/notices.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import type { CustomerLoyalty } from '../loyalty.schemas.js';
import { AdjustPointsDialog } from './adjust-points-dialog.js';
import { customerPath, fetchCustomer, LOYALTY_NS } from './loyalty-client.js';

const PER_PAGE = 10;

type CustomerLedgerEntry = CustomerLoyalty['history'][number];

const LEDGER_COLUMNS: Column<CustomerLedgerEntry>[] = [
  { id: 'id', label: __('ID', 'storeside'), render: (entry) => entry.id },
  {
    id: 'type',
    label: __('Type', 'storeside'),
    render: (entry) =>
      entry.transaction_type === 'credit' ? __('Credit', 'storeside') : __('Debit', 'storeside'),
  },
  {
    id: 'points',
    label: __('Points', 'storeside'),
    numeric: true,
    render: (entry) => Number(entry.amount).toLocaleString(),
  },
  { id: 'reference', label: __('Reference', 'storeside'), render: (entry) => entry.reference_type },
  { id: 'description', label: __('Description', 'storeside'), render: (entry) => entry.description },
  { id: 'date', label: __('Date', 'storeside'), render: (entry) => entry.created_at },
];

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
      <ServerTable<CustomerLedgerEntry>
        label={__('Ledger', 'storeside')}
        countLabel={['%s entry', '%s entries']}
        columns={LEDGER_COLUMNS}
        page={{ items: view.history, total: data.total, totalPages: data.totalPages }}
        loading={customer.isFetching}
        pageNumber={page}
        perPage={PER_PAGE}
        pageSizes={[PER_PAGE]}
        onPaging={(next) => setPage(next)}
        getItemId={(entry) => String(entry.id)}
      />
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
