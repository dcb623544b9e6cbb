import { Button, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { Link, useParams } from 'wouter';
import { ExtensionPanels } from '../../../admin/components/extension-panels.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { visibleAdditions } from '../../../admin/shell/panels.js';
import { orderCustomerName } from './order-customer-name.js';
import { OrderItems } from './order-items.js';
import { OrderNotes } from './order-notes.js';
import { OrderStatusForm } from './order-status-form.js';
import {
  ORDER_STATUSES_PATH,
  type Order,
  type OrderStatusInfo,
  orderPath,
  type Refund,
  refundsPath,
} from './orders-client.js';
import { RefundDialog } from './refund-dialog.js';
import './orders.css';

/** One order: status (allowed moves only), customer, addresses, payment, items, refunds, notes and history. */
export default function OrderScreen() {
  const id = Number(useParams<{ id: string }>().id);
  const notices = useNotices();
  // A write (status, refund, note) reloads the order's reads; the revision also tells the panels to reload theirs.
  const [revision, setRevision] = useState(0);
  const [refunding, setRefunding] = useState(false);
  const orderQuery = useApiQuery<Order>(orderPath(id));
  const refundsQuery = useApiQuery<Refund[]>(refundsPath(id));
  const statusesQuery = useApiQuery<OrderStatusInfo[]>(ORDER_STATUSES_PATH);
  useErrorNotice(orderQuery.error ?? refundsQuery.error ?? statusesQuery.error);
  const order = orderQuery.data;
  const refunds = refundsQuery.data;
  const statuses = statusesQuery.data;

  if (!order || !refunds || !statuses)
    return (
      <>
        <ScreenHeader title={sprintf(__('Order #%s', 'storeside'), String(id))} />
        <Spinner />
      </>
    );
  const left = Number(order.total) - refunds.reduce((sum, r) => sum + Number(r.amount), 0);
  return (
    <>
      <ScreenHeader title={sprintf(__('Order #%s', 'storeside'), order.number)}>
        {left > 0 ? (
          <Button variant="secondary" onClick={() => setRefunding(true)}>
            {__('Refund', 'storeside')}
          </Button>
        ) : null}
      </ScreenHeader>
      <p>
        <Link href="/shop/orders">{__('← All orders', 'storeside')}</Link>
      </p>
      <div className="storeside-order-columns">
        <section className="storeside-panel" aria-labelledby="order-general-heading">
          <h2 id="order-general-heading">{__('General', 'storeside')}</h2>
          <p>
            {__('Created', 'storeside')}: <DateTime value={order.date_created_gmt} />
          </p>
          <OrderStatusForm
            key={`${order.status}-${revision}`}
            order={order}
            statuses={statuses}
            onChanged={() => setRevision((n) => n + 1)}
          />
          <p>
            {__('Customer', 'storeside')}:{' '}
            {order.customer_id > 0 ? (
              <Link href={`/shop/customers/${order.customer_id}`}>{orderCustomerName(order)}</Link>
            ) : (
              __('Guest', 'storeside')
            )}
          </p>
          <p>
            {__('Payment method', 'storeside')}: {order.payment_method_title || order.payment_method || '—'}
          </p>
          {order.customer_note ? (
            <p>
              {__('Customer provided note', 'storeside')}: {order.customer_note}
            </p>
          ) : null}
        </section>
        <section className="storeside-panel" aria-labelledby="order-billing-heading">
          <h2 id="order-billing-heading">{__('Billing', 'storeside')}</h2>
          <address>{addressText(order.billing) || __('No billing address.', 'storeside')}</address>
          {order.billing.email ? <p>{order.billing.email}</p> : null}
          {order.billing.phone ? <p>{order.billing.phone}</p> : null}
        </section>
        <section className="storeside-panel" aria-labelledby="order-shipping-heading">
          <h2 id="order-shipping-heading">{__('Shipping', 'storeside')}</h2>
          <address>{addressText(order.shipping) || __('No shipping address.', 'storeside')}</address>
          {order.shipping.phone ? <p>{order.shipping.phone}</p> : null}
        </section>
      </div>
      <section className="storeside-panel" aria-labelledby="order-items-heading">
        <h2 id="order-items-heading">{__('Items', 'storeside')}</h2>
        <OrderItems order={order} refunds={refunds} />
      </section>
      <ExtensionPanels
        panels={visibleAdditions('orderPanels')}
        props={{ orderId: order.id, customerId: order.customer_id, revision }}
      />
      <OrderNotes orderId={order.id} />
      {refunding ? (
        <RefundDialog
          order={order}
          refunds={refunds}
          onClose={() => setRefunding(false)}
          onRefunded={() => {
            setRefunding(false);
            notices.show('success', __('Refund recorded.', 'storeside'));
            setRevision((n) => n + 1);
          }}
        />
      ) : null}
    </>
  );
}

function addressText(address: Omit<Order['shipping'], 'phone'>): string {
  const name = `${address.first_name} ${address.last_name}`.trim();
  const city = [address.postcode, address.city].filter(Boolean).join(' ');
  const lines = [
    name,
    address.company,
    address.address_1,
    address.address_2,
    city,
    address.state,
    address.country,
  ];
  return lines.filter(Boolean).join('\n');
}
