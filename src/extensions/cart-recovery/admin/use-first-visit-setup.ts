import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { apiPage } from '../../../admin/api.js';
import { fetchCrSettings } from './config-client.js';

/** On a first visit (setup not finished or skipped, no cart captured yet) moves to the setup wizard. */
export function useFirstVisitSetup(): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    let current = true;
    (async () => {
      if ((await fetchCrSettings()).setup_completed) return;
      const sessions = await apiPage('/cartrecovery/v1/sessions?per_page=1');
      if (current && sessions.total === 0) navigate('/cart-recovery/setup', { replace: true });
    })().catch(() => {}); // the Overview shows its own errors; the wizard is only a shortcut
    return () => {
      current = false;
    };
  }, [navigate]);
}
