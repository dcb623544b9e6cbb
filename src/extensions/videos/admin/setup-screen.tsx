import { Button, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { fieldErrors } from '../../../admin/api.js';
import {
  FORM_SOURCE,
  useApiQuery,
  useErrorNotice,
  useFirstAnswer,
} from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { WizardFrame } from '../../../admin/components/wizard-frame.js';
import { ConnectForm } from './connect-form.js';
import { PlayerFields, type PlayerSettings, playerSettingsOf } from './player-fields.js';
import { SETTINGS_FORM_SOURCE, saveSettings, type VideoSettings } from './videos-client.js';
import './videos-admin.css';

const STEPS = [__('Connect', 'storeside'), __('Placement and player', 'storeside'), __('Done', 'storeside')];
const HEADINGS = [
  __('Connect your channel', 'storeside'),
  __('Placement and player', 'storeside'),
  __('You are all set', 'storeside'),
];

/** The welcome and the three-step setup: connect the channel, placement and player (with a preview), done. */
export default function SetupScreen() {
  const notices = useNotices();
  const [settings, setSettings] = useState<VideoSettings | null>(null);
  const [step, setStep] = useState(0);
  const [player, setPlayer] = useState<PlayerSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const record = useApiQuery<VideoSettings>(SETTINGS_FORM_SOURCE, undefined, FORM_SOURCE);
  useErrorNotice(record.error);
  useFirstAnswer(SETTINGS_FORM_SOURCE, record.data, (loaded) => {
    setSettings(loaded);
    setPlayer(playerSettingsOf(loaded));
  });
  if (!settings || !player) return <Spinner />;

  const savePlayer = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const reply = await saveSettings({ ...player, is_onboarding_completed: true });
      setSettings(reply.data);
      setErrors({});
      setStep(3);
    } catch (error) {
      setErrors(fieldErrors(error));
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const connected = settings.connection_status === 'connected';

  return (
    <>
      <ScreenHeader title={__('Set Up Product Videos', 'storeside')} />
      {step === 0 ? (
        <section className="storeside-panel" aria-labelledby="videos-welcome">
          <h2 id="videos-welcome">{__('Welcome', 'storeside')}</h2>
          <p>
            {__(
              'Put your channel’s videos in your product galleries: connect the channel, choose where the videos appear and how they play, then pick videos for your products.',
              'storeside',
            )}
          </p>
          <Button variant="primary" onClick={() => setStep(1)}>
            {__('Get started', 'storeside')}
          </Button>
        </section>
      ) : (
        <WizardFrame
          stepsLabel={__('Setup steps', 'storeside')}
          steps={STEPS}
          current={step - 1}
          heading={HEADINGS[step - 1] ?? ''}
          headingId="videos-step-heading"
        >
          {step === 1 ? (
            <>
              {connected ? (
                <p role="status">{sprintf(__('Connected to %s.', 'storeside'), settings.channel_name)}</p>
              ) : null}
              <ConnectForm settings={settings} onConnected={setSettings} />
              <div className="storeside-inline-form">
                <Button
                  variant="primary"
                  accessibleWhenDisabled
                  disabled={!connected}
                  onClick={() => setStep(2)}
                >
                  {__('Continue', 'storeside')}
                </Button>
              </div>
            </>
          ) : null}
          {step === 2 ? (
            <form className="storeside-form" onSubmit={savePlayer} noValidate>
              <PlayerFields value={player} onChange={setPlayer} errors={errors} />
              <div className="storeside-inline-form">
                <Button variant="tertiary" onClick={() => setStep(1)}>
                  {__('Back', 'storeside')}
                </Button>
                <Button variant="primary" type="submit" isBusy={busy} disabled={busy}>
                  {__('Save and continue', 'storeside')}
                </Button>
              </div>
            </form>
          ) : null}
          {step === 3 ? (
            <>
              <p>
                {sprintf(
                  __(
                    'Channel %s is connected. Sync its library, then assign videos to your products.',
                    'storeside',
                  ),
                  settings.channel_name,
                )}
              </p>
              <div className="storeside-inline-form">
                <Link href="/videos/library" asChild>
                  <Button variant="primary">{__('Go to the Video Library', 'storeside')}</Button>
                </Link>
                <Link href="/videos/products" asChild>
                  <Button variant="secondary">{__('Assign videos to products', 'storeside')}</Button>
                </Link>
              </div>
            </>
          ) : null}
        </WizardFrame>
      )}
    </>
  );
}
