import { Button, SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useState } from 'react';
import { useNotices } from '../../../admin/components/notices.js';
import { type Order, type OrderStatusInfo, setOrderStatus } from './orders-client.js';

/** The order's Status: only the statuses the shop lets it move to are offered (the server's own rule). */
export function OrderStatusForm(props: {
  order: Order;
  statuses: OrderStatusInfo[];
  onChanged: (order: Order) => void;
}) {
  const notices = useNotices();
  const current = props.statuses.find((s) => s.slug === props.order.status);
  const [chosen, setChosen] = useState(props.order.status);
  const [saving, setSaving] = useState(false);
  const name = (slug: string) => props.statuses.find((s) => s.slug === slug)?.name ?? slug;
  const options = [props.order.status, ...(current?.next ?? [])].map((slug) => ({
    value: slug,
    label: name(slug),
  }));

  async function save() {
    setSaving(true);
    try {
      const order = await setOrderStatus(props.order.id, chosen);
      notices.show('success', __('Order status updated.', 'storeside'));
      props.onChanged(order);
    } catch (error) {
      notices.showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="storeside-order-status-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Status', 'storeside')}
        value={chosen}
        options={options}
        disabled={options.length === 1}
        help={options.length === 1 ? __('An order in this status cannot be moved.', 'storeside') : undefined}
        onChange={setChosen}
      />
      <Button
        variant="primary"
        type="submit"
        accessibleWhenDisabled
        disabled={saving || chosen === props.order.status}
        isBusy={saving}
      >
        {__('Update status', 'storeside')}
      </Button>
    </form>
  );
}
