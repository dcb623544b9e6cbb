import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { completeOnboarding, fetchSystemStatus } from './product-tables-client.js';

/** The first-run welcome (while `/system/status` says onboarding is not completed): start the wizard, or skip it. */
export function OnboardingPanel() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    fetchSystemStatus().then(
      (status) => setShow(!status.onboarding_completed),
      () => setShow(false),
    );
  }, []);
  if (!show) return null;
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
        <Button variant="tertiary" onClick={() => completeOnboarding().finally(() => setShow(false))}>
          {__('Skip the introduction', 'storeside')}
        </Button>
      </div>
    </section>
  );
}
