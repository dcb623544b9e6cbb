import { Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useEffect, useState } from 'react';
import { useNotices } from '../../../admin/components/notices.js';
import type { OrderPanelProps } from '../../../admin/registry.js';
import { fetchOrderPoints, type OrderPoints } from './shop-panels-client.js';

/** The order screen's loyalty panel: points the order earned, redeemed, had clawed back and gave back. */
export default function OrderPointsPanel({ orderId, customerId, revision }: OrderPanelProps) {
  const notices = useNotices();
  const [points, setPoints] = useState<OrderPoints | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new revision of the order asks for a fresh load
  useEffect(() => {
    if (customerId === 0) return;
    let current = true;
    fetchOrderPoints(orderId).then(
      (result) => current && setPoints(result),
      (error) => current && notices.showError(error),
    );
    return () => {
      current = false;
    };
  }, [orderId, customerId, revision, notices]);
  return (
    <section className="storeside-panel" aria-labelledby="loyalty-order-points-heading">
      <h2 id="loyalty-order-points-heading">{__('Loyalty points', 'storeside')}</h2>
      {customerId === 0 ? (
        <p className="storeside-muted">{__('A guest order earns no points.', 'storeside')}</p>
      ) : points === null ? (
        <Spinner />
      ) : (
        <dl className="storeside-figures">
          <div>
            <dt>{__('Earned', 'storeside')}</dt>
            <dd>{points.earned.toLocaleString()}</dd>
          </div>
          <div>
            <dt>{__('Redeemed', 'storeside')}</dt>
            <dd>{points.redeemed.toLocaleString()}</dd>
          </div>
          <div>
            <dt>{__('Clawed back', 'storeside')}</dt>
            <dd>{points.clawed_back.toLocaleString()}</dd>
          </div>
          <div>
            <dt>{__('Given back', 'storeside')}</dt>
            <dd>{points.returned.toLocaleString()}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
