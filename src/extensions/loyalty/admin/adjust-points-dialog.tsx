import { Button, Modal, SelectControl, TextareaControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import type { AdjustmentAnswer } from '../loyalty.schemas.js';
import { CustomerPicker, type PickedCustomer } from './customer-picker.js';
import { adjustPoints } from './loyalty-client.js';
import { errorMessage } from '../../../admin/components/request-error.js';

/**
 * The "Adjust Points" dialog: customer, credit or debit, points and a reason. One Idempotency-Key per opened
 * dialog, so submitting twice (a double click, a retry after a lost answer) adjusts once.
 */
export function AdjustPointsDialog(props: {
  customer?: PickedCustomer;
  onClose: () => void;
  onDone: (result: AdjustmentAnswer, customer: PickedCustomer) => void;
}) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [customer, setCustomer] = useState<PickedCustomer | null>(props.customer ?? null);
  const [type, setType] = useState<'credit' | 'debit'>('credit');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    if (!customer) local.user_id = __('Choose a customer.', 'storeside');
    if (!/^[0-9]+$/.test(points.trim()) || Number(points) < 1)
      local.amount = __('Enter a whole number of points, 1 or more.', 'storeside');
    if (reason.trim() === '') local.reason = __('Give a reason.', 'storeside');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    setMessage('');
    try {
      const result = await adjustPoints(
        { user_id: customer!.id, amount: Number(points), type, reason: reason.trim() },
        idempotencyKey,
      );
      props.onDone(result, customer!);
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setMessage(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Modal title={__('Adjust Points', 'storeside')} onRequestClose={props.onClose} size="medium">
      <form className="storeside-form" onSubmit={submit} noValidate>
        {message ? (
          <p role="alert" className="storeside-error">
            {message}
          </p>
        ) : null}
        <CustomerPicker
          label={__('Customer', 'storeside')}
          value={customer}
          onChange={setCustomer}
          help={errors.user_id}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Type', 'storeside')}
          value={type}
          options={[
            { value: 'credit', label: __('Credit', 'storeside') },
            { value: 'debit', label: __('Debit', 'storeside') },
          ]}
          onChange={(value) => setType(value as 'credit' | 'debit')}
          help={errors.type}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Points', 'storeside')}
          type="number"
          min={1}
          step={1}
          value={points}
          onChange={setPoints}
          help={errors.amount}
        />
        <TextareaControl
          __nextHasNoMarginBottom
          label={__('Reason', 'storeside')}
          value={reason}
          onChange={setReason}
          maxLength={255}
          help={errors.reason ?? __('Stored as the entry description.', 'storeside')}
        />
        <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
          {__('Adjust Points', 'storeside')}
        </Button>
      </form>
    </Modal>
  );
}
