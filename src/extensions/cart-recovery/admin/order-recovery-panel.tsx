import type { Static } from '@sinclair/typebox';
import { Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import type { OrderPanelProps } from '../../../admin/registry.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import type { OrderRecoverySchema } from '../recovery/order-recovery.schemas.js';

type OrderRecovery = Static<typeof OrderRecoverySchema>;

/** The order screen's cart-recovery panel: whether the order recovered an abandoned cart, when, from which e-mail. */
export default function OrderRecoveryPanel({ orderId, revision }: OrderPanelProps) {
  // A new revision of the order is a new read (a status change may have recovered the cart).
  const query = useApiQuery<OrderRecovery>([`/cartrecovery/v1/orders/${orderId}/recovery`, revision]);
  useErrorNotice(query.error);
  const recovery = query.data ?? null;
  return (
    <section className="storeside-panel" aria-labelledby="cart-recovery-order-heading">
      <h2 id="cart-recovery-order-heading">{__('Cart recovery', 'storeside')}</h2>
      {recovery === null ? <Spinner /> : <RecoveryText recovery={recovery} />}
    </section>
  );
}

function RecoveryText({ recovery }: { recovery: OrderRecovery }) {
  if (!recovery.recovered || !recovery.recovered_at)
    return (
      <p>
        {recovery.status === 'converted'
          ? __('Bought before the cart was abandoned; no recovery was needed.', 'storeside')
          : __('This order did not recover an abandoned cart.', 'storeside')}
      </p>
    );
  return (
    <>
      <p>
        {__('Recovered an abandoned cart on', 'storeside')} <DateTime value={recovery.recovered_at} />
        {recovery.abandoned_at ? (
          <>
            {' '}
            ({__('abandoned on', 'storeside')} <DateTime value={recovery.abandoned_at} />)
          </>
        ) : null}
        .
      </p>
      <p>
        {recovery.recovered_step
          ? sprintf(__('Brought back by recovery e-mail %s.', 'storeside'), String(recovery.recovered_step))
          : __('Before any recovery e-mail was sent.', 'storeside')}
      </p>
    </>
  );
}
