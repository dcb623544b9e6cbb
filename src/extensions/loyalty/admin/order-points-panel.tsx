import { Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import type { OrderPanelProps } from '../../../admin/registry.js';
import { type OrderPoints, orderPointsPath } from './shop-panels-client.js';

/** The order screen's loyalty panel: points the order earned, redeemed, had clawed back and gave back. */
export default function OrderPointsPanel({ orderId, customerId, revision }: OrderPanelProps) {
  // A new revision of the order is a new read (the order's points may have changed with it).
  const query = useApiQuery<OrderPoints>(customerId === 0 ? null : [orderPointsPath(orderId), revision]);
  useErrorNotice(query.error);
  const points = query.data ?? null;
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
