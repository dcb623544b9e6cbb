import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { completeOnboarding, fetchSystemStatus, SYSTEM_STATUS_PATH } from './product-tables-client.js';

/** The first-run welcome (while `/system/status` says onboarding is not completed): start the wizard, or skip it. */
export function OnboardingPanel() {
  const status = useApiQuery(SYSTEM_STATUS_PATH, fetchSystemStatus);
  const [skipped, setSkipped] = useState(false);
  if (skipped || !status.data || status.data.onboarding_completed) return null;
  return (
    <section className="storeside-panel ptables-welcome" aria-labelledby="ptables-welcome-heading">
      <h2 id="ptables-welcome-heading">{__('Welcome to Product Tables', 'storeside')}</h2>
      <p>
        {__(
          'Build a table of products in five steps: choose the products, the columns, the look and the options, then put its shortcode on any page or share its link.',
          'storeside',
        )}
      </p>
      <div className="storeside-inline-form">
        <Link href="/product-tables/new" className="components-button is-primary">
          {__('Start the wizard', 'storeside')}
        </Link>
        <Button variant="tertiary" onClick={() => completeOnboarding().finally(() => setSkipped(true))}>
          {__('Skip the introduction', 'storeside')}
        </Button>
      </div>
    </section>
  );
}
