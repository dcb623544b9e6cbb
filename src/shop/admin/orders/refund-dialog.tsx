import { Button, Modal, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import { formatAmount, toDecimal, toMinor } from './order-money.js';
import { createRefund, type Order, type Refund } from './orders-client.js';
import { errorMessage } from '../../../admin/components/request-error.js';

/** Refund order #N: a quantity per line (which fills the amount) or an amount alone, and a reason. */
export function RefundDialog(props: {
  order: Order;
  refunds: Refund[];
  onClose: () => void;
  onRefunded: (refund: Refund) => void;
}) {
  const { order } = props;
  const currency = order.currency;
  // WooCommerce's `api_refund`: a paid Stripe order is refunded through Stripe.
  const throughStripe = order.payment_method === 'stripe' && order.transaction_id !== '';
  const lines = order.line_items.map((line) => {
    const refunded = props.refunds
      .flatMap((r) => r.line_items)
      .filter((l) => l.refunded_item_id === line.id)
      .reduce((sum, l) => sum + Math.abs(l.quantity), 0);
    const unit = Math.round((toMinor(line.total, currency) ?? 0) / Math.max(1, line.quantity));
    return { line, left: Math.max(0, line.quantity - refunded), unit };
  });
  const alreadyRefunded = props.refunds.reduce((sum, r) => sum + (toMinor(r.amount, currency) ?? 0), 0);
  const available = (toMinor(order.total, currency) ?? 0) - alreadyRefunded;
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const quantity = (id: number) => Math.max(0, Math.floor(Number(quantities[id] ?? 0)) || 0);
  const fromLines = lines.reduce((sum, l) => sum + Math.min(quantity(l.line.id), l.left) * l.unit, 0);
  const amount = typedAmount ?? (fromLines > 0 ? toDecimal(fromLines, currency) : '');

  async function submit() {
    const minor = toMinor(amount, currency);
    if (minor === null || minor <= 0) {
      setErrors({ amount: __('Enter an amount greater than zero.', 'storeside') });
      return;
    }
    setSaving(true);
    try {
      const refund = await createRefund(order.id, {
        amount: toDecimal(minor, currency),
        reason,
        line_items: lines
          .filter((l) => quantity(l.line.id) > 0)
          .map((l) => ({
            id: l.line.id,
            quantity: Math.min(quantity(l.line.id), l.left),
            refund_total: toDecimal(Math.min(quantity(l.line.id), l.left) * l.unit, currency),
          })),
      });
      props.onRefunded(refund);
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(Object.keys(byField).length > 0 ? byField : { amount: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={sprintf(__('Refund order #%s', 'storeside'), order.number)} onRequestClose={props.onClose}>
      <form
        className="storeside-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>
          {sprintf(
            __('Already refunded: %1$s. Available to refund: %2$s.', 'storeside'),
            formatAmount(toDecimal(alreadyRefunded, currency), currency),
            formatAmount(toDecimal(available, currency), currency),
          )}
        </p>
        <p>
          {throughStripe
            ? __("The money goes back to the customer's card through Stripe.", 'storeside')
            : sprintf(
                __('The refund is only recorded: give the money back yourself (%s).', 'storeside'),
                order.payment_method_title || __('no payment method', 'storeside'),
              )}
        </p>
        <div className="storeside-refund-lines">
          {lines.map(({ line, left }) => (
            <TextControl
              key={line.id}
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              type="number"
              min={0}
              max={left}
              label={sprintf(__('Quantity to refund: %s', 'storeside'), line.name)}
              help={sprintf(__('%s left to refund', 'storeside'), String(left))}
              value={quantities[line.id] ?? ''}
              disabled={left === 0}
              onChange={(value) => {
                setQuantities((q) => ({ ...q, [line.id]: value }));
                setTypedAmount(null);
              }}
            />
          ))}
        </div>
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Refund amount', 'storeside')}
          inputMode="decimal"
          value={amount}
          help={errors.amount ?? errors.line_items}
          onChange={setTypedAmount}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Reason for refund (optional)', 'storeside')}
          value={reason}
          help={errors.reason}
          onChange={setReason}
        />
        <div className="storeside-screen-actions">
          <Button variant="primary" type="submit" accessibleWhenDisabled disabled={saving} isBusy={saving}>
            {__('Refund', 'storeside')}
          </Button>
          <Button variant="tertiary" onClick={props.onClose}>
            {__('Cancel', 'storeside')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
