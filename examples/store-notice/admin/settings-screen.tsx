import { Button, CheckboxControl, Spinner, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { type FormEvent, useEffect, useState } from 'react';
import { fieldErrors } from '../../../src/admin/api.js';
import { useNotices } from '../../../src/admin/components/notices.js';
import { ScreenHeader } from '../../../src/admin/components/screen-header.js';
import type { NoticeSettings } from '../settings/settings.schemas.js';
import { fetchSettings, saveSettings } from './store-notice-client.js';

/** The store notice: whether it shows, its text, and its last day. */
export default function SettingsScreen() {
  const notices = useNotices();
  const [settings, setSettings] = useState<NoticeSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per screen
  useEffect(() => {
    fetchSettings().then(setSettings, (error) => notices.showError(error));
  }, []);
  if (!settings) return <Spinner />;

  const change = (patch: Partial<NoticeSettings>) => setSettings({ ...settings, ...patch });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setSettings(await saveSettings(settings));
      setErrors({});
      notices.show('success', __('Settings saved.', 'storeside'));
    } catch (error) {
      setErrors(fieldErrors(error));
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ScreenHeader title={__('Store Notice', 'storeside')} />
      <form onSubmit={submit}>
        <CheckboxControl
          __nextHasNoMarginBottom
          label={__('Show the notice', 'storeside')}
          checked={settings.enabled}
          onChange={(enabled) => change({ enabled })}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Message', 'storeside')}
          value={settings.message}
          help={errors.message}
          onChange={(message) => change({ message })}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          type="date"
          label={__('Last day (optional)', 'storeside')}
          value={settings.ends_on ?? ''}
          help={errors.ends_on}
          onChange={(value) => change({ ends_on: value === '' ? null : value })}
        />
        <Button variant="primary" type="submit" isBusy={busy} disabled={busy}>
          {__('Save Changes', 'storeside')}
        </Button>
      </form>
    </>
  );
}
