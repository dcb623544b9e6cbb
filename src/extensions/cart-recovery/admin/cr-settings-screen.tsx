import {
  Button,
  Panel,
  PanelBody,
  SelectControl,
  Spinner,
  TextareaControl,
  TextControl,
  ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useState } from 'react';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Settings, SettingsPatch } from '../settings/settings.schemas.js';
import { saveCrSettings, triggerTestFlow, CR_SETTINGS_PATH } from './config-client.js';
import { LicenseForm } from './license-form.js';
import { MailDeliveryNotice } from './mail-delivery-notice.js';
import { useSavedForm } from '../../../admin/components/use-saved-form.js';

// The settings this screen edits; numbers are edited as text and sent as numbers.
interface Draft {
  capture_enabled: boolean;
  consent_text: string;
  consent_default_state: Settings['consent_default_state'];
  abandonment_timeout: string;
  data_retention_days: string;
  test_mode: boolean;
}

function toDraft(s: Settings): Draft {
  return {
    capture_enabled: s.capture_enabled,
    consent_text: s.consent_text,
    consent_default_state: s.consent_default_state,
    abandonment_timeout: String(s.abandonment_timeout),
    data_retention_days: String(s.data_retention_days),
    test_mode: s.test_mode,
  };
}

function toPatch(d: Draft): SettingsPatch {
  return {
    ...d,
    abandonment_timeout: Number(d.abandonment_timeout),
    data_retention_days: Number(d.data_retention_days),
  };
}

/** Capture and consent, timing and retention, Test Mode with its test flow, the license, and the mail warning. */
export default function CrSettingsScreen() {
  const notices = useNotices();
  const { saved, draft, setDraft, errors, busy, dirty, submit } = useSavedForm({
    path: CR_SETTINGS_PATH,
    save: (d: Draft) => saveCrSettings(toPatch(d)),
    toDraft,
    savedMessage: __('Settings saved.', 'storeside'),
  });
  const [triggering, setTriggering] = useState(false);
  if (!saved || !draft) return <Spinner />;

  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft({ ...draft, [key]: value });
  const trigger = async () => {
    setTriggering(true);
    try {
      notices.show('success', (await triggerTestFlow()).message);
    } catch (error) {
      notices.showError(error);
    } finally {
      setTriggering(false);
    }
  };
  const number = (
    key: 'abandonment_timeout' | 'data_retention_days',
    label: string,
    min: number,
    max: number,
    help: string,
  ) => (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      type="number"
      min={min}
      max={max}
      label={label}
      value={draft[key]}
      onChange={set(key)}
      help={errors[key] ?? help}
      aria-invalid={errors[key] ? true : undefined}
    />
  );

  return (
    <>
      <ScreenHeader title={__('Cart Recovery Settings', 'storeside')} />
      <MailDeliveryNotice />
      <form className="storeside-form" onSubmit={submit} noValidate>
        <Panel>
          <PanelBody title={__('Capture & consent', 'storeside')} initialOpen>
            <ToggleControl
              __nextHasNoMarginBottom
              label={__('Capture checkout e-mails', 'storeside')}
              help={__('Only addresses whose owner ticks the consent box are kept.', 'storeside')}
              checked={draft.capture_enabled}
              onChange={set('capture_enabled')}
            />
            <TextareaControl
              __nextHasNoMarginBottom
              label={__('Consent text', 'storeside')}
              value={draft.consent_text}
              onChange={set('consent_text')}
              help={errors.consent_text ?? __('Shown beside the checkbox at checkout.', 'storeside')}
              aria-invalid={errors.consent_text ? true : undefined}
            />
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Consent checkbox starts', 'storeside')}
              value={draft.consent_default_state}
              options={[
                { value: 'unchecked', label: __('Unticked (recommended)', 'storeside') },
                { value: 'checked', label: __('Ticked', 'storeside') },
              ]}
              onChange={(value) => set('consent_default_state')(value as Draft['consent_default_state'])}
              help={errors.consent_default_state}
            />
          </PanelBody>
          <PanelBody title={__('Timing & retention', 'storeside')} initialOpen>
            {number(
              'abandonment_timeout',
              __('Abandoned after (minutes without activity)', 'storeside'),
              5,
              1440,
              __('Between 5 and 1440 minutes.', 'storeside'),
            )}
            {number(
              'data_retention_days',
              __('Keep carts for (days)', 'storeside'),
              7,
              90,
              __('Carts that did not recover are deleted after this many days (7 to 90).', 'storeside'),
            )}
          </PanelBody>
          <PanelBody title={__('Test Mode', 'storeside')} initialOpen>
            <ToggleControl
              __nextHasNoMarginBottom
              label={__('Test Mode', 'storeside')}
              help={__(
                'Lets you trigger a test flow: a dummy abandoned cart for your own address.',
                'storeside',
              )}
              checked={draft.test_mode}
              onChange={set('test_mode')}
            />
            <p>
              <Button
                variant="secondary"
                isBusy={triggering}
                accessibleWhenDisabled
                disabled={triggering || !saved.test_mode}
                onClick={trigger}
                describedBy={saved.test_mode ? undefined : __('Save with Test Mode on first.', 'storeside')}
              >
                {__('Trigger test flow', 'storeside')}
              </Button>
            </p>
          </PanelBody>
        </Panel>
        <p>
          <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy || !dirty}>
            {__('Save Settings', 'storeside')}
          </Button>
        </p>
      </form>
      <section className="storeside-panel" aria-labelledby="cr-license-title">
        <h2 id="cr-license-title">{__('License', 'storeside')}</h2>
        <LicenseForm />
      </section>
    </>
  );
}
