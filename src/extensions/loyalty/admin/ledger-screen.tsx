import { keepPreviousData } from '@tanstack/react-query';
import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useMemo, useState } from 'react';
import { boot } from '../../../admin/boot.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
import { useApiQuery, useInvalidate } from '../../../admin/components/api-query.js';
import { FilterSelect } from '../../../admin/components/list-filters.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import type { LedgerEntry } from '../loyalty.schemas.js';
import { AdjustPointsDialog } from './adjust-points-dialog.js';
import { CustomerPicker, type PickedCustomer } from './customer-picker.js';
import { REFERENCE_TYPES } from '../ledger/ledger-references.constants.js';
import { exportLink, type LedgerFilters, ledgerPath, usersByIds } from './loyalty-client.js';

const FILTER_KEYS = ['user_id', 'transaction_type', 'reference_type', 'date_from', 'date_to'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NO_NAMES = new Map<number, { name: string; email: string }>();

/** The points ledger: filters kept in the URL, server-side pages with the exact total, CSV export, adjustments. */
export default function LedgerScreen() {
  const notices = useNotices();
  const list = useListQuery();
  const query = list.values;
  const invalidate = useInvalidate();
  const [adjusting, setAdjusting] = useState(false);
  const filters: LedgerFilters = {};
  for (const key of FILTER_KEYS) if (query[key]) filters[key] = query[key];
  const data = useListPage<LedgerEntry>(ledgerPath(filters, list.page, list.perPage));
  const entries = data.page;
  // The names of the page's customers (and the filtered one) come from a second read; without them, ids show.
  const ids = [...new Set([...(entries?.items.map((e) => e.user_id) ?? []), Number(filters.user_id ?? 0)])];
  const named = useApiQuery(['/wp/v2/users', 'names of', ids], () => usersByIds(ids).catch(() => NO_NAMES), {
    placeholderData: keepPreviousData,
  });
  const names = named.data ?? NO_NAMES;

  const change = list.filter;
  const filterCustomer: PickedCustomer | null = filters.user_id
    ? {
        id: Number(filters.user_id),
        label:
          names.get(Number(filters.user_id))?.name ?? sprintf(__('User #%s', 'storeside'), filters.user_id),
      }
    : null;
  const columns = useMemo(() => ledgerColumns(names), [names]);

  return (
    <>
      <ScreenHeader title={__('Points Ledger', 'storeside')}>
        <Button variant="primary" onClick={() => setAdjusting(true)}>
          {__('Adjust Points', 'storeside')}
        </Button>
        <Button variant="secondary" href={exportLink(boot.root, boot.nonce, filters)} download>
          {__('Export CSV', 'storeside')}
        </Button>
      </ScreenHeader>
      <ListScreen<LedgerEntry>
        list={list}
        data={data}
        filtersLegend={__('Filter the ledger', 'storeside')}
        filters={
          <>
            <CustomerPicker
              label={__('Customer', 'storeside')}
              value={filterCustomer}
              onChange={(customer) => change({ user_id: customer ? String(customer.id) : undefined })}
            />
            <FilterSelect
              list={list}
              param="transaction_type"
              label={__('Type', 'storeside')}
              all={__('All types', 'storeside')}
              options={[
                { value: 'credit', label: __('Credit', 'storeside') },
                { value: 'debit', label: __('Debit', 'storeside') },
              ]}
            />
            <FilterSelect
              list={list}
              param="reference_type"
              label={__('Reference type', 'storeside')}
              all={__('All references', 'storeside')}
              options={REFERENCE_TYPES.map((t) => ({ value: t, label: t }))}
            />
            <DateFilter
              label={__('From', 'storeside')}
              value={filters.date_from}
              onChange={(v) => change({ date_from: v })}
            />
            <DateFilter
              label={__('To', 'storeside')}
              value={filters.date_to}
              onChange={(v) => change({ date_to: v })}
            />
          </>
        }
        label={__('Ledger entries', 'storeside')}
        countLabel={['%s entry', '%s entries']}
        columns={columns}
        getItemId={(entry) => String(entry.id)}
      />
      {adjusting ? (
        <AdjustPointsDialog
          onClose={() => setAdjusting(false)}
          onDone={(result, customer) => {
            setAdjusting(false);
            void invalidate('/loyalty/v1/');
            notices.show(
              'success',
              sprintf(
                __('Points adjusted for %1$s. New balance: %2$s points.', 'storeside'),
                customer.label.split(' (')[0]!,
                String(result.new_balance),
              ),
            );
          }}
        />
      ) : null}
    </>
  );
}

function DateFilter(props: { label: string; value?: string; onChange: (value: string | undefined) => void }) {
  return (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      type="date"
      label={props.label}
      value={props.value ?? ''}
      onChange={(value) => {
        if (value === '' || DATE.test(value)) props.onChange(value || undefined);
      }}
    />
  );
}

function ledgerColumns(names: Map<number, { name: string; email: string }>): Column<LedgerEntry>[] {
  return [
    { id: 'id', label: __('ID', 'storeside'), render: (item) => item.id },
    {
      id: 'customer',
      label: __('Customer', 'storeside'),
      render: (item) => {
        const user = names.get(item.user_id);
        return user ? (
          <>
            {user.name}
            <br />
            <span className="storeside-muted">{user.email}</span>
          </>
        ) : (
          sprintf(__('User #%s', 'storeside'), String(item.user_id))
        );
      },
    },
    {
      id: 'type',
      label: __('Type', 'storeside'),
      render: (item) => (
        <span className={`storeside-badge ${item.transaction_type}`}>
          {item.transaction_type === 'credit' ? __('Credit', 'storeside') : __('Debit', 'storeside')}
        </span>
      ),
    },
    {
      id: 'points',
      label: __('Points', 'storeside'),
      numeric: true,
      render: (item) =>
        `${item.transaction_type === 'debit' ? '−' : '+'}${Number(item.amount).toLocaleString()}`,
    },
    {
      id: 'reference',
      label: __('Reference', 'storeside'),
      render: (item) =>
        item.reference_id ? `${item.reference_type} #${item.reference_id}` : item.reference_type,
    },
    { id: 'description', label: __('Description', 'storeside'), render: (item) => item.description },
    { id: 'date', label: __('Date', 'storeside'), render: (item) => item.created_at },
  ];
}
