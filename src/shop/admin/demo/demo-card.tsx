import { Button, Card, CardBody, CardHeader } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { Link } from 'wouter';
import { userCan } from '../../../admin/boot.js';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import type { DemoOffer } from '../../demo/demo.schemas.js';
import { DEMO_PATH, fillWithDemo } from './demo-client.js';

/** The dashboard's offer, while the shop has no products, to fill it with the demo data (administrators, once). */
export default function DemoCard() {
  const notices = useNotices();
  const allowed = userCan('manage_options');
  const offer = useApiQuery<DemoOffer>(allowed ? DEMO_PATH : null);
  useErrorNotice(offer.error);
  const [busy, setBusy] = useState(false);
  const [filled, setFilled] = useState<number | null>(null);
  // Filling reloads the offer (no longer available): the card stays to say the demo shop is ready.
  if (filled === null && !offer.data?.available) return null;
  const fill = async () => {
    setBusy(true);
    try {
      setFilled((await fillWithDemo()).products);
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <h2>
          {filled === null
            ? __('Your shop has no products yet', 'storeside')
            : __('Demo shop ready', 'storeside')}
        </h2>
      </CardHeader>
      <CardBody>
        {filled === null ? (
          <>
            <p>
              {__(
                'Shoppers see “No products were found.” To try everything first, fill the shop with the demo data: products in several categories, customers, reviews, orders and the extensions’ own examples. It can be done once, here or with npx storeside demo.',
                'storeside',
              )}
            </p>
            <Button
              variant="primary"
              __next40pxDefaultSize
              isBusy={busy}
              disabled={busy}
              accessibleWhenDisabled
              onClick={fill}
            >
              {__('Fill the shop with demo data', 'storeside')}
            </Button>
          </>
        ) : (
          <>
            <p role="status">
              {sprintf(__('The demo data was added: %s products.', 'storeside'), filled.toLocaleString())}
            </p>
            <p>
              <a href="/shop/">{__('Visit the shop', 'storeside')}</a>
              {' · '}
              <Link href="/products">{__('Products', 'storeside')}</Link>
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}
