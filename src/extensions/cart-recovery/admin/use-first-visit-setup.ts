import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { apiPage } from '../../../admin/api.js';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { CR_SETTINGS_PATH, fetchCrSettings } from './config-client.js';

const ONE_SESSION = '/cartrecovery/v1/sessions?per_page=1';

/** On a first visit (setup not finished or skipped, no cart captured yet) moves to the setup wizard. */
export function useFirstVisitSetup(): void {
  const [, navigate] = useLocation();
  // Failures stay silent: the Overview shows its own errors; the wizard is only a shortcut.
  const settings = useApiQuery(CR_SETTINGS_PATH, fetchCrSettings);
  // Only answers read on this visit count: a cached one may predate the setup.
  const setupOpen = settings.isFetchedAfterMount && settings.data?.setup_completed === false;
  const sessions = useApiQuery(setupOpen ? ONE_SESSION : null, () => apiPage(ONE_SESSION));
  const noCartYet = sessions.isFetchedAfterMount && sessions.data?.total === 0;
  useEffect(() => {
    if (noCartYet) navigate('/cart-recovery/setup', { replace: true });
  }, [noCartYet, navigate]);
}
