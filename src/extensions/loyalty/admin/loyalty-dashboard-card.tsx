import { Card, CardBody, CardHeader, Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { Link } from 'wouter';
import { apiPage } from '../../../admin/api.js';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { RequestError } from '../../../admin/components/request-error.js';
import type { LoyaltySettings } from '../loyalty.schemas.js';
import { fetchSettings, LOYALTY_NS, ledgerPath } from './loyalty-client.js';

interface Figures {
  settings: LoyaltySettings;
  entries: number;
  orderCredits: number;
  redemptions: number;
}

const total = (filters: Record<string, string>) =>
  apiPage(ledgerPath(filters, 1, 1)).then((page) => page.total);

async function loadFigures(): Promise<Figures> {
  const [settings, entries, orderCredits, redemptions] = await Promise.all([
    fetchSettings(),
    total({}),
    total({ reference_type: 'order', transaction_type: 'credit' }),
    total({ reference_type: 'order', transaction_type: 'debit' }),
  ]);
  return { settings, entries, orderCredits, redemptions };
}

/** The loyalty card: the earning rate and ledger figures, and a launch checklist done by what really happened. */
export default function LoyaltyDashboardCard() {
  const { data: figures, error: failure } = useApiQuery(
    [`${LOYALTY_NS}/ledger`, 'dashboard-figures'],
    loadFigures,
  );
  const steps = figures
    ? [
        { label: __('Set an earning rate', 'storeside'), done: figures.settings.earning_pointsPerDollar > 0 },
        { label: __('A customer earns points on an order', 'storeside'), done: figures.orderCredits > 0 },
        { label: __('A customer redeems points', 'storeside'), done: figures.redemptions > 0 },
      ]
    : [];
  return (
    <Card>
      <CardHeader>
        <h2>{__('Loyalty', 'storeside')}</h2>
      </CardHeader>
      <CardBody>
        {failure ? <RequestError error={failure} /> : null}
        {!figures && !failure ? <Spinner /> : null}
        {figures ? (
          <>
            <dl className="storeside-figures">
              <div>
                <dt>{__('Points per dollar', 'storeside')}</dt>
                <dd>{figures.settings.earning_pointsPerDollar}</dd>
              </div>
              <div>
                <dt>{__('Ledger entries', 'storeside')}</dt>
                <dd>{figures.entries.toLocaleString()}</dd>
              </div>
              <div>
                <dt>{__('Redemptions', 'storeside')}</dt>
                <dd>{figures.redemptions.toLocaleString()}</dd>
              </div>
            </dl>
            <h3>{__('Launch checklist', 'storeside')}</h3>
            <ul className="storeside-checklist" aria-label={__('Loyalty launch checklist', 'storeside')}>
              {steps.map((step) => (
                <li key={step.label} data-done={step.done}>
                  {step.label}
                  <span className="screen-reader-text">
                    {step.done ? __(' (done)', 'storeside') : __(' (not done yet)', 'storeside')}
                  </span>
                </li>
              ))}
            </ul>
            <p>
              <Link href="/loyalty/ledger">{__('Open the points ledger', 'storeside')}</Link>
            </p>
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
