import { Spinner, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiKey, useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import type { AgentGate, Settings } from '../settings/settings.schemas.js';
import { GATES, gateAnchor } from './agent-gates.js';
import { CR_SETTINGS_PATH, fetchCrSettings, saveCrSettings } from './config-client.js';

/** The agent gates as switches, each saved at once (the save reloads the token and audit lists beside them). */
export function AgentGatesForm(props: { labelledBy: string }) {
  const notices = useNotices();
  const queryClient = useQueryClient();
  const query = useApiQuery(CR_SETTINGS_PATH, fetchCrSettings);
  useErrorNotice(query.error);
  const settings = query.data ?? null;
  const setSettings = (next: Settings) => queryClient.setQueryData(apiKey(CR_SETTINGS_PATH), next);
  const [busy, setBusy] = useState<AgentGate | null>(null);
  const loaded = settings !== null;
  // A "turn it on" link names a gate in the URL's fragment: put the keyboard on that switch.
  useEffect(() => {
    if (!loaded) return;
    const focusNamedGate = () =>
      document.getElementById(window.location.hash.slice(1))?.querySelector('input')?.focus();
    focusNamedGate();
    window.addEventListener('hashchange', focusNamedGate);
    return () => window.removeEventListener('hashchange', focusNamedGate);
  }, [loaded]);
  if (!settings) return <Spinner />;
  const toggle = async (gate: AgentGate, on: boolean) => {
    const before = settings;
    setBusy(gate);
    setSettings({ ...settings, [gate]: on }); // the switch moves at once; a refusal puts it back
    try {
      const next = await saveCrSettings({ [gate]: on });
      setSettings(next);
      notices.show('success', on ? __('Switched on.', 'storeside') : __('Switched off.', 'storeside'));
    } catch (error) {
      setSettings(before);
      notices.showError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className="storeside-form" aria-labelledby={props.labelledBy} style={{ border: 0, padding: 0 }}>
      {GATES.map(([gate, label, help]) => (
        <div key={gate} id={gateAnchor(gate)}>
          <ToggleControl
            __nextHasNoMarginBottom
            label={label}
            help={help}
            checked={settings[gate]}
            disabled={busy !== null}
            onChange={(on) => toggle(gate, on)}
          />
        </div>
      ))}
    </fieldset>
  );
}
