import { Button, SelectControl, Spinner, TabPanel, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, type ReactNode, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import {
  FORM_SOURCE,
  useApiQuery,
  useErrorNotice,
  useFirstAnswer,
} from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useUnsavedChangesWarning } from '../../../admin/components/use-unsaved-changes.js';
import { ConnectForm } from './connect-form.js';
import { PlayerFields, playerSettingsOf } from './player-fields.js';
import { DangerZone } from './danger-zone.js';
import { LicensePanel } from './license-panel.js';
import { formatSyncTime, SETTINGS_FORM_SOURCE, saveSettings, type VideoSettings } from './videos-client.js';
import './videos-admin.css';

type Draft = Partial<VideoSettings>;
const CACHE_HOURS = [1, 6, 12, 24, 168];

/** The settings in tabs Connection, Sync, Player, Advanced and License; each tab saves its own fields. */
export default function SettingsScreen() {
  const notices = useNotices();
  const [settings, setSettings] = useState<VideoSettings | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const record = useApiQuery<VideoSettings>(SETTINGS_FORM_SOURCE, undefined, FORM_SOURCE);
  useErrorNotice(record.error);
  useFirstAnswer(SETTINGS_FORM_SOURCE, record.data, setSettings);
  const dirty = settings
    ? Object.entries(draft).some(([key, value]) => settings[key as keyof VideoSettings] !== value)
    : false;
  useUnsavedChangesWarning(dirty);
  if (!settings) return <Spinner />;

  const value = <K extends keyof VideoSettings>(key: K): VideoSettings[K] =>
    (key in draft ? draft[key] : settings[key]) as VideoSettings[K];
  const set = (changes: Draft) => setDraft({ ...draft, ...changes });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const reply = await saveSettings(draft);
      setSettings(reply.data);
      setDraft({});
      setErrors({});
      notices.show('connection_error' in reply ? 'warning' : 'success', reply.message);
    } catch (error) {
      setErrors(fieldErrors(error));
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const form = (children: ReactNode) => (
    <form className="storeside-form" onSubmit={save} noValidate>
      {children}
      <p>
        <Button
          variant="primary"
          type="submit"
          isBusy={busy}
          accessibleWhenDisabled
          disabled={busy || !dirty}
        >
          {__('Save Changes', 'storeside')}
        </Button>
      </p>
    </form>
  );
  const toggle = (
    key: 'auto_sync' | 'advanced_deleteAllOnUninstall' | 'debug_enableMode',
    label: string,
    help?: string,
  ) => (
    <ToggleControl
      __nextHasNoMarginBottom
      label={label}
      help={errors[key] ?? help}
      checked={value(key)}
      onChange={(next) => set({ [key]: next })}
    />
  );

  const tabs: Record<string, () => ReactNode> = {
    connection: () => (
      <>
        <p>
          {sprintf(
            __('Status: %1$s. Channel: %2$s. Last sync: %3$s.', 'storeside'),
            settings.connection_status,
            settings.channel_name || '—',
            formatSyncTime(settings.last_sync_time),
          )}
        </p>
        <ConnectForm settings={settings} onConnected={setSettings} />
      </>
    ),
    sync: () =>
      form(
        <>
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Refresh the library every', 'storeside')}
            value={String(value('cache_duration'))}
            options={CACHE_HOURS.map((h) => ({
              value: String(h),
              label: h === 168 ? __('week', 'storeside') : sprintf(__('%s hours', 'storeside'), String(h)),
            }))}
            onChange={(next) => set({ cache_duration: Number(next) })}
            help={errors.cache_duration}
          />
          {toggle('auto_sync', __('Sync automatically every day', 'storeside'))}
        </>,
      ),
    player: () =>
      form(
        <PlayerFields
          value={{ ...playerSettingsOf(settings), ...(draft as object) }}
          onChange={(next) => set(next)}
          errors={errors}
        />,
      ),
    advanced: () => (
      <>
        {form(
          <>
            {toggle(
              'advanced_deleteAllOnUninstall',
              __('Delete all video data when the extension is removed', 'storeside'),
            )}
            {toggle(
              'debug_enableMode',
              __('Debug log', 'storeside'),
              __('Writes each sync and call to the log files.', 'storeside'),
            )}
          </>,
        )}
        <DangerZone onWiped={setSettings} />
      </>
    ),
    license: () => <LicensePanel settings={settings} onChanged={setSettings} />,
  };
  return (
    <>
      <ScreenHeader title={__('Video Settings', 'storeside')} />
      <TabPanel
        tabs={[
          { name: 'connection', title: __('Connection', 'storeside') },
          { name: 'sync', title: __('Sync', 'storeside') },
          { name: 'player', title: __('Player', 'storeside') },
          { name: 'advanced', title: __('Advanced', 'storeside') },
          { name: 'license', title: __('License', 'storeside') },
        ]}
        onSelect={() => {
          setDraft({});
          setErrors({});
        }}
      >
        {(tab) => <div className="storeside-panel">{tabs[tab.name]?.()}</div>}
      </TabPanel>
    </>
  );
}
