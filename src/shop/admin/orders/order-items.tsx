import { __, sprintf } from '@wordpress/i18n';
import { DateTime } from '../../../admin/screens/date-time.js';
import { formatAmount, toDecimal, toMinor } from './order-money.js';
import type { Order, Refund } from './orders-client.js';

/** The order's lines, fees, coupons and totals, then the refunds made. */
export function OrderItems({ order, refunds }: { order: Order; refunds: Refund[] }) {
  const money = (value: string | number) => formatAmount(value, order.currency);
  const subtotal = order.line_items.reduce((sum, l) => sum + (toMinor(l.subtotal, order.currency) ?? 0), 0);
  const refunded = refunds.reduce((sum, r) => sum + (toMinor(r.amount, order.currency) ?? 0), 0);
  const total = toMinor(order.total, order.currency) ?? 0;
  return (
    <>
      <table className="storeside-table">
        <caption className="screen-reader-text">{__('Order items', 'storeside')}</caption>
        <thead>
          <tr>
            <th scope="col">{__('Item', 'storeside')}</th>
            <th scope="col">{__('SKU', 'storeside')}</th>
            <th scope="col" className="num">
              {__('Cost', 'storeside')}
            </th>
            <th scope="col" className="num">
              {__('Qty', 'storeside')}
            </th>
            <th scope="col" className="num">
              {__('Total', 'storeside')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.line_items.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td>{line.sku}</td>
              <td className="num">{money(line.price)}</td>
              <td className="num">{line.quantity}</td>
              <td className="num">{money(line.total)}</td>
            </tr>
          ))}
          {order.fee_lines.map((fee) => (
            <tr key={`fee-${fee.id}`}>
              <td colSpan={4}>{sprintf(__('Fee: %s', 'storeside'), fee.name)}</td>
              <td className="num">{money(fee.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="storeside-figures">
        <div>
          <dt>{__('Items subtotal', 'storeside')}</dt>
          <dd>{money(toDecimal(subtotal, order.currency))}</dd>
        </div>
        {order.coupon_lines.length > 0 ? (
          <div>
            <dt>
              {sprintf(__('Coupons: %s', 'storeside'), order.coupon_lines.map((c) => c.code).join(', '))}
            </dt>
            <dd>−{money(order.discount_total)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{__('Order total', 'storeside')}</dt>
          <dd>{money(order.total)}</dd>
        </div>
        {refunded > 0 ? (
          <>
            <div>
              <dt>{__('Refunded', 'storeside')}</dt>
              <dd>−{money(toDecimal(refunded, order.currency))}</dd>
            </div>
            <div>
              <dt>{__('Net payment', 'storeside')}</dt>
              <dd>{money(toDecimal(total - refunded, order.currency))}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <h3>{__('Refunds', 'storeside')}</h3>
      {refunds.length === 0 ? (
        <p className="storeside-muted">{__('No refunds yet.', 'storeside')}</p>
      ) : (
        <table className="storeside-table">
          <caption className="screen-reader-text">{__('Refunds made', 'storeside')}</caption>
          <thead>
            <tr>
              <th scope="col">{__('Date', 'storeside')}</th>
              <th scope="col">{__('Reason', 'storeside')}</th>
              <th scope="col">{__('Items', 'storeside')}</th>
              <th scope="col" className="num">
                {__('Amount', 'storeside')}
              </th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id}>
                <td>
                  <DateTime value={refund.date_created_gmt} />
                </td>
                <td>{refund.reason || '—'}</td>
                <td>
                  {refund.line_items
                    .filter((l) => l.quantity !== 0)
                    .map((l) => `${l.name} × ${Math.abs(l.quantity)}`)
                    .join(', ') || '—'}
                </td>
                <td className="num">{money(refund.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
