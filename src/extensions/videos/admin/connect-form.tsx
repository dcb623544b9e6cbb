import { Button, ExternalLink, RadioControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import { useNotices } from '../../../admin/components/notices.js';
import {
  type Credentials,
  connect,
  oauthConnectLink,
  testConnection,
  type VideoSettings,
} from './videos-client.js';

/**
 * Connecting the channel: an API key and a channel id, or Google sign-in through the OAuth proxy (in a new tab)
 * with the access code it shows pasted back. **Test connection** saves nothing; **Connect** saves and connects.
 * Stored secrets are never filled back: the fields start empty and say whether one is set.
 */
export function ConnectForm(props: {
  settings: VideoSettings;
  onConnected: (settings: VideoSettings) => void;
}) {
  const notices = useNotices();
  const [method, setMethod] = useState<'api' | 'oauth'>(
    props.settings.connection_method === 'oauth' ? 'oauth' : 'api',
  );
  const [apiKey, setApiKey] = useState('');
  const [channelId, setChannelId] = useState(props.settings.channel_id);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'test' | 'connect' | null>(null);

  const credentials = (): Credentials =>
    method === 'api'
      ? { connection_method: 'api', api_key: apiKey.trim(), channel_id: channelId.trim() }
      : { connection_method: 'oauth', refresh_token: code.trim() };
  const run = async (what: 'test' | 'connect') => {
    setBusy(what);
    try {
      if (what === 'test') {
        const channel = await testConnection(credentials());
        notices.show('success', sprintf(__('Connection successful: %s.', 'storeside'), channel.title));
      } else {
        const reply = await connect(credentials());
        notices.show('success', sprintf(__('Connected to %s.', 'storeside'), reply.data.channel_name));
        setApiKey('');
        setCode('');
        props.onConnected(reply.data);
      }
      setErrors({});
    } catch (error) {
      setErrors(fieldErrors(error));
      notices.showError(error);
    } finally {
      setBusy(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run('connect');
  };
  const secretHelp = (set: boolean, hint: string, error?: string) =>
    error ??
    (set
      ? sprintf(__('A value ending in %s is stored; leave empty to keep it.', 'storeside'), hint)
      : __('Not set.', 'storeside'));

  return (
    <form className="storeside-form" onSubmit={submit} noValidate>
      <RadioControl
        label={__('Connection method', 'storeside')}
        selected={method}
        options={[
          { value: 'api', label: __('API key and channel ID', 'storeside') },
          { value: 'oauth', label: __('Sign in with Google', 'storeside') },
        ]}
        onChange={(value) => setMethod(value as 'api' | 'oauth')}
      />
      {method === 'api' ? (
        <>
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('API key', 'storeside')}
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={setApiKey}
            help={secretHelp(props.settings.api_key_set, props.settings.api_key_hint, errors.api_key)}
          />
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Channel ID', 'storeside')}
            value={channelId}
            onChange={setChannelId}
            help={errors.channel_id ?? __('Starts with UC, 24 characters.', 'storeside')}
          />
        </>
      ) : (
        <>
          <p>
            <ExternalLink href={oauthConnectLink()}>{__('Sign in with Google', 'storeside')}</ExternalLink>
          </p>
          <p className="storeside-muted">
            {__(
              'Sign in and allow read-only access to your channel. When the sign-in page shows an access code, paste it here.',
              'storeside',
            )}
          </p>
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Access code', 'storeside')}
            type="password"
            autoComplete="off"
            value={code}
            onChange={setCode}
            help={secretHelp(
              props.settings.refresh_token_set,
              props.settings.refresh_token_hint,
              errors.refresh_token,
            )}
          />
        </>
      )}
      <div className="storeside-inline-form">
        <Button
          variant="secondary"
          isBusy={busy === 'test'}
          disabled={busy !== null}
          onClick={() => run('test')}
        >
          {__('Test connection', 'storeside')}
        </Button>
        <Button variant="primary" type="submit" isBusy={busy === 'connect'} disabled={busy !== null}>
          {__('Connect', 'storeside')}
        </Button>
      </div>
    </form>
  );
}
