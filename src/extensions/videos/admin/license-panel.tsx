import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { useNotices } from '../../../admin/components/notices.js';
import { activateLicense, deactivateLicense, fetchSettings, type VideoSettings } from './videos-client.js';

/** The add-on license: status and expiry, the key (never shown back, only its last characters), activate, deactivate. */
export function LicensePanel(props: {
  settings: VideoSettings;
  onChanged: (settings: VideoSettings) => void;
}) {
  const notices = useNotices();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      notices.show('success', (await action()).message);
      setKey('');
    } catch (error) {
      notices.showError(error);
    } finally {
      props.onChanged(await fetchSettings());
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(() => activateLicense(key.trim()));
  };
  const { settings } = props;
  return (
    <form className="storeside-form" onSubmit={submit} noValidate>
      <p>
        {sprintf(
          __('License status: %1$s%2$s.', 'storeside'),
          settings.license_status || 'inactive',
          settings.license_expires_at
            ? sprintf(__(', expires %s', 'storeside'), settings.license_expires_at)
            : '',
        )}
      </p>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('License key', 'storeside')}
        type="password"
        autoComplete="off"
        value={key}
        onChange={setKey}
        help={
          settings.license_key_set
            ? sprintf(__('A key ending in %s is stored.', 'storeside'), settings.license_key_hint)
            : __('No key stored.', 'storeside')
        }
      />
      <div className="storeside-inline-form">
        <Button
          variant="primary"
          type="submit"
          isBusy={busy}
          accessibleWhenDisabled
          disabled={busy || !key.trim()}
        >
          {__('Activate', 'storeside')}
        </Button>
        {settings.license_key_set ? (
          <Button variant="secondary" disabled={busy} onClick={() => run(deactivateLicense)}>
            {__('Deactivate', 'storeside')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
