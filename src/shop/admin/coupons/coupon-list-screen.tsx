import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { Link } from 'wouter';
import { boot } from '../../../admin/boot.js';
import { useInvalidate } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useFlashNotice } from '../../../admin/components/flash-notice.js';
import { TextFilter } from '../../../admin/components/list-filters.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
import { type Coupon, couponsPath, deleteCoupon, discountTypeLabel, formatPrice } from './coupons-client.js';

/** Coupons: search by code in the URL, server pages with the exact total, edit links and delete (after asking). */
export default function CouponListScreen() {
  useFlashNotice();
  const notices = useNotices();
  const list = useListQuery();
  const invalidate = useInvalidate();
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const data = useListPage<Coupon>(couponsPath(list.values.s?.trim() || undefined, list.page, list.perPage));

  const confirmDelete = async (coupon: Coupon) => {
    setDeleting(null);
    try {
      await deleteCoupon(coupon.id);
      notices.show('success', sprintf(__('Coupon %s deleted.', 'storeside'), coupon.code));
      void invalidate('/wc/v3/coupons');
    } catch (failure) {
      notices.showError(failure);
    }
  };

  return (
    <>
      <ScreenHeader title={__('Coupons', 'storeside')}>
        <Link href="/shop/coupons/new" asChild>
          <Button variant="secondary">{__('Add Coupon', 'storeside')}</Button>
        </Link>
      </ScreenHeader>
      <ListScreen<Coupon>
        list={list}
        data={data}
        filters={
          <TextFilter
            search
            list={list}
            param="s"
            label={__('Search coupons', 'storeside')}
            placeholder={__('Code', 'storeside')}
          />
        }
        label={__('Coupons', 'storeside')}
        countLabel={['%s coupon', '%s coupons']}
        columns={couponColumns(setDeleting)}
        getItemId={(coupon) => String(coupon.id)}
        empty={__('No coupons found.', 'storeside')}
      />
      {deleting ? (
        <ConfirmDialog
          title={__('Delete coupon', 'storeside')}
          message={sprintf(
            __('Delete coupon %s for good? Orders that used it keep their discount.', 'storeside'),
            deleting.code,
          )}
          confirmLabel={__('Delete permanently', 'storeside')}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}

function couponColumns(onDelete: (coupon: Coupon) => void): Column<Coupon>[] {
  return [
    {
      id: 'code',
      label: __('Code', 'storeside'),
      render: (coupon) => (
        <strong>
          <Link href={`/shop/coupons/${coupon.id}`}>{coupon.code}</Link>
        </strong>
      ),
    },
    { id: 'type', label: __('Coupon type', 'storeside'), render: (c) => discountTypeLabel(c.discount_type) },
    {
      id: 'amount',
      label: __('Coupon amount', 'storeside'),
      numeric: true,
      render: (c) =>
        c.discount_type === 'percent' ? `${Number(c.amount)}%` : formatPrice(c.amount, boot.currency),
    },
    { id: 'description', label: __('Description', 'storeside'), render: (c) => c.description },
    {
      id: 'usage',
      label: __('Usage / Limit', 'storeside'),
      render: (c) => `${c.usage_count} / ${c.usage_limit ?? '∞'}`,
    },
    {
      id: 'expires',
      label: __('Expiry date', 'storeside'),
      render: (c) => (c.date_expires ? <ExpiryDate value={c.date_expires} /> : '–'),
    },
    {
      id: 'actions',
      label: __('Actions', 'storeside'),
      render: (coupon) => (
        <Button
          variant="link"
          isDestructive
          onClick={() => onDelete(coupon)}
          aria-label={sprintf(__('Delete %s', 'storeside'), coupon.code)}
        >
          {__('Delete', 'storeside')}
        </Button>
      ),
    },
  ];
}

// The expiry is the start of a day in UTC: shown as that day, whatever the reader's time zone.
function ExpiryDate({ value }: { value: string }) {
  const day = value.slice(0, 10);
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return (
    <time dateTime={day}>{date.toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })}</time>
  );
}
