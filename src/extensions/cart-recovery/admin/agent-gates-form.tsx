import { Spinner, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useEffect, useState } from 'react';
import { restError } from '../../../admin/api.js';
import { useNotices } from '../../../admin/components/notices.js';
import type { AgentGate, Settings } from '../settings/settings.schemas.js';
import { fetchCrSettings, saveCrSettings } from './config-client.js';

/** Each gate with what it opens (reference §6 order). */
const GATES: Array<[AgentGate, string, string]> = [
  [
    'agent_access_enabled',
    __('Agent access', 'storeside'),
    __('Master switch: off closes every agent route.', 'storeside'),
  ],
  [
    'agent_rest_enabled',
    __('REST API for agents', 'storeside'),
    __('The /agent routes (tokens and Application Passwords).', 'storeside'),
  ],
  [
    'agent_abilities_enabled',
    __('Abilities', 'storeside'),
    __('List the agent abilities to the site.', 'storeside'),
  ],
  [
    'agent_mcp_public_enabled',
    __('Public MCP endpoint', 'storeside'),
    __('The MCP server for AI clients.', 'storeside'),
  ],
  [
    'agent_write_enabled',
    __('Write', 'storeside'),
    __('Change safe settings and the campaign; mark abandoned now.', 'storeside'),
  ],
  [
    'agent_contact_enabled',
    __('Contact shoppers', 'storeside'),
    __('Send a recovery e-mail now or cancel pending ones.', 'storeside'),
  ],
  [
    'agent_sensitive_enabled',
    __('Sensitive data', 'storeside'),
    __('Raw e-mail addresses, carts and coupons (else masked).', 'storeside'),
  ],
  [
    'agent_destructive_enabled',
    __('Destructive actions', 'storeside'),
    __('Expire or delete sessions.', 'storeside'),
  ],
];

/** The agent gates as switches, each saved at once; `onChange` tells the screen the new settings. */
export function AgentGatesForm(props: { labelledBy: string; onChange: (settings: Settings) => void }) {
  const notices = useNotices();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [busy, setBusy] = useState<AgentGate | null>(null);
  useEffect(() => {
    fetchCrSettings().then(setSettings, (error) => notices.show('error', restError(error).message));
  }, [notices]);
  if (!settings) return <Spinner />;
  const toggle = async (gate: AgentGate, on: boolean) => {
    const before = settings;
    setBusy(gate);
    setSettings({ ...settings, [gate]: on }); // the switch moves at once; a refusal puts it back
    try {
      const next = await saveCrSettings({ [gate]: on });
      setSettings(next);
      props.onChange(next);
      notices.show('success', on ? __('Switched on.', 'storeside') : __('Switched off.', 'storeside'));
    } catch (error) {
      setSettings(before);
      notices.show('error', restError(error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className="storeside-form" aria-labelledby={props.labelledBy} style={{ border: 0, padding: 0 }}>
      {GATES.map(([gate, label, help]) => (
        <ToggleControl
          key={gate}
          __nextHasNoMarginBottom
          label={label}
          help={help}
          checked={settings[gate]}
          disabled={busy !== null}
          onChange={(on) => toggle(gate, on)}
        />
      ))}
    </fieldset>
  );
}
