import type { Static } from '@sinclair/typebox';
import { Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useEffect, useState } from 'react';
import { api } from '../../../admin/api.js';
import { useNotices } from '../../../admin/components/notices.js';
import type { OrderPanelProps } from '../../../admin/registry.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import type { OrderRecoverySchema } from '../recovery/order-recovery.schemas.js';

type OrderRecovery = Static<typeof OrderRecoverySchema>;

/** The order screen's cart-recovery panel: whether the order recovered an abandoned cart, when, from which e-mail. */
export default function OrderRecoveryPanel({ orderId, revision }: OrderPanelProps) {
  const notices = useNotices();
  const [recovery, setRecovery] = useState<OrderRecovery | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new revision of the order asks for a fresh load
  useEffect(() => {
    let current = true;
    api<OrderRecovery>({ path: `/cartrecovery/v1/orders/${orderId}/recovery` }).then(
      (result) => current && setRecovery(result),
      (error) => current && notices.showError(error),
    );
    return () => {
      current = false;
    };
  }, [orderId, revision, notices]);
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
