import { Button, CheckboxControl, Spinner, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { ScreenHeader } from '../../../src/admin/components/screen-header.js';
import { useSavedForm } from '../../../src/admin/components/use-saved-form.js';
import type { NoticeSettings } from '../settings/settings.schemas.js';
import { SETTINGS_PATH, saveSettings } from './store-notice-client.js';

const asDraft = (settings: NoticeSettings) => settings;

/** The store notice: whether it shows, its text, and its last day. */
export default function SettingsScreen() {
  const {
    draft: settings,
    setDraft,
    errors,
    busy,
    submit,
  } = useSavedForm({
    path: SETTINGS_PATH,
    save: saveSettings,
    toDraft: asDraft,
    savedMessage: __('Settings saved.', 'storeside'),
  });
  if (!settings) return <Spinner />;

  const change = (patch: Partial<NoticeSettings>) => setDraft({ ...settings, ...patch });
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
