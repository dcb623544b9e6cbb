import {
  Button,
  Notice,
  SelectControl,
  Spinner,
  TextareaControl,
  TextControl,
  ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { fieldErrors } from '../../../admin/api.js';
import { boot } from '../../../admin/boot.js';
import { useNotices } from '../../../admin/components/notices.js';
import { FORM_SOURCE, useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { WizardFrame } from '../../../admin/components/wizard-frame.js';
import type { Settings } from '../settings/settings.schemas.js';
import {
  CR_SETTINGS_PATH,
  fetchCrSettings,
  saveCampaign,
  saveCrSettings,
  sendTestEmail,
} from './config-client.js';
import { MailDeliveryNotice } from './mail-delivery-notice.js';
import { errorMessage } from '../../../admin/components/request-error.js';

const STEPS = [
  __('Welcome', 'storeside'),
  __('Consent & Timing', 'storeside'),
  __('Email Delivery', 'storeside'),
  __('Launch', 'storeside'),
];

/** The setup wizard: Welcome → Consent & Timing (saved) → Email Delivery (a test e-mail) → Launch (e-mails on). */
export default function SetupWizardScreen() {
  const [step, setStep] = useState(0);
  const notices = useNotices();
  const [, navigate] = useLocation();
  const loaded = useApiQuery(CR_SETTINGS_PATH, fetchCrSettings, FORM_SOURCE);
  useErrorNotice(loaded.error);
  const [saved, setSaved] = useState<Settings | null>(null);
  const settings = saved ?? loaded.data ?? null;
  if (!settings) return <Spinner />;
  const skip = () =>
    saveCrSettings({ setup_completed: true }).then(
      () => navigate('/cart-recovery'),
      (error) => notices.showError(error),
    );
  return (
    <>
      <ScreenHeader title={__('Cart Recovery Setup', 'storeside')} />
      <WizardFrame
        stepsLabel={__('Setup steps', 'storeside')}
        steps={STEPS}
        current={step}
        heading={sprintf(__('Step %1$d of 4: %2$s', 'storeside'), step + 1, STEPS[step])}
        headingId="cr-setup-step"
      >
        {step === 0 ? <Welcome onNext={() => setStep(1)} onSkip={skip} /> : null}
        {step === 1 ? (
          <ConsentAndTiming
            settings={settings}
            onSaved={(next) => {
              setSaved(next);
              setStep(2);
            }}
          />
        ) : null}
        {step === 2 ? <EmailDelivery onNext={() => setStep(3)} /> : null}
        {step === 3 ? <Launch /> : null}
      </WizardFrame>
    </>
  );
}

function Welcome(props: { onNext: () => void; onSkip: () => void }) {
  return (
    <>
      <p>
        {__(
          'Cart recovery keeps the e-mail address and cart of shoppers who agree at checkout, and when they leave without ordering sends up to three reminder e-mails with a link that restores their cart.',
          'storeside',
        )}
      </p>
      <p>{__('Four short steps: consent and timing, e-mail delivery, then launch.', 'storeside')}</p>
      <div className="storeside-inline-form">
        <Button variant="primary" onClick={props.onNext}>
          {__('Get started', 'storeside')}
        </Button>
        <Button variant="tertiary" onClick={props.onSkip}>
          {__('Skip setup', 'storeside')}
        </Button>
      </div>
    </>
  );
}

function ConsentAndTiming(props: { settings: Settings; onSaved: (settings: Settings) => void }) {
  const notices = useNotices();
  const [capture, setCapture] = useState(props.settings.capture_enabled);
  const [text, setText] = useState(props.settings.consent_text);
  const [initial, setInitial] = useState(props.settings.consent_default_state);
  const [timeout, setTimeoutText] = useState(String(props.settings.abandonment_timeout));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      props.onSaved(
        await saveCrSettings({
          capture_enabled: capture,
          consent_text: text,
          consent_default_state: initial,
          abandonment_timeout: Number(timeout),
        }),
      );
    } catch (error) {
      setErrors(fieldErrors(error));
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="storeside-form" onSubmit={submit} noValidate>
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Capture checkout e-mails', 'storeside')}
        checked={capture}
        onChange={setCapture}
      />
      <TextareaControl
        __nextHasNoMarginBottom
        label={__('Consent text', 'storeside')}
        value={text}
        onChange={setText}
        help={errors.consent_text ?? __('Shown beside the checkbox at checkout.', 'storeside')}
      />
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Consent checkbox starts', 'storeside')}
        value={initial}
        options={[
          { value: 'unchecked', label: __('Unticked (recommended)', 'storeside') },
          { value: 'checked', label: __('Ticked', 'storeside') },
        ]}
        onChange={(value) => setInitial(value as Settings['consent_default_state'])}
      />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type="number"
        min={5}
        max={1440}
        label={__('Abandoned after (minutes without activity)', 'storeside')}
        value={timeout}
        onChange={setTimeoutText}
        help={errors.abandonment_timeout ?? __('Between 5 and 1440 minutes.', 'storeside')}
        aria-invalid={errors.abandonment_timeout ? true : undefined}
      />
      <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
        {__('Save and continue', 'storeside')}
      </Button>
    </form>
  );
}

function EmailDelivery(props: { onNext: () => void }) {
  const [email, setEmail] = useState(boot.user.email);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      setResult({ ok: true, message: (await sendTestEmail(email.trim())).message });
    } catch (error) {
      setResult({ ok: false, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="storeside-form" onSubmit={submit} noValidate>
      <MailDeliveryNotice />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type="email"
        label={__('Send a test e-mail to', 'storeside')}
        value={email}
        onChange={setEmail}
      />
      {result ? (
        <Notice status={result.ok ? 'success' : 'error'} isDismissible={false}>
          {result.message}
        </Notice>
      ) : null}
      <div className="storeside-inline-form">
        <Button variant="secondary" type="submit" isBusy={busy} aria-disabled={busy}>
          {__('Send test e-mail', 'storeside')}
        </Button>
        <Button variant="primary" onClick={props.onNext}>
          {__('Continue', 'storeside')}
        </Button>
      </div>
    </form>
  );
}

function Launch() {
  const notices = useNotices();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const launch = async () => {
    setBusy(true);
    try {
      await saveCampaign({ enabled: true });
      await saveCrSettings({ setup_completed: true });
      notices.show('success', __('Cart recovery is running: recovery e-mails are on.', 'storeside'));
      navigate('/cart-recovery');
    } catch (error) {
      notices.showError(error);
      setBusy(false);
    }
  };
  return (
    <>
      <p>
        {__(
          'Launching turns the recovery e-mails on. Their timing and coupons are on the Sequence and Offers screens, their wording on Templates.',
          'storeside',
        )}
      </p>
      <Button variant="primary" isBusy={busy} aria-disabled={busy} onClick={launch}>
        {__('Launch cart recovery', 'storeside')}
      </Button>
    </>
  );
}
