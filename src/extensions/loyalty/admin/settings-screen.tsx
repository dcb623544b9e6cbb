import {
  Button,
  Panel,
  PanelBody,
  SelectControl,
  Spinner,
  TextControl,
  ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
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
import type { LoyaltySettings, Tier } from '../loyalty.schemas.js';
import { TierList } from './tier-list.js';
import { LOYALTY_SETTINGS_PATH, saveSettings } from './loyalty-client.js';

type Key = keyof LoyaltySettings;
// Numbers are edited as text (so a half-typed value is not coerced) and sent as numbers.
type Draft = Record<Key, string | boolean | Tier[]>;

const NUMBER_KEYS: Key[] = [
  'earning_pointsPerDollar',
  'earning_pointsForRegistration',
  'earning_pointsForReview',
  'redemption_pointsValue',
  'redemption_minPoints',
  'redemption_maxDiscountPercentage',
  'referrals_bonusPoints',
  'referrals_newCustomerDiscount',
  'referrals_cookieDuration',
  'expiry_days',
];

function toDraft(settings: LoyaltySettings): Draft {
  const draft = { ...settings } as unknown as Draft;
  for (const key of NUMBER_KEYS) draft[key] = String(settings[key]);
  return draft;
}

function changes(saved: LoyaltySettings, draft: Draft): Partial<LoyaltySettings> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(saved) as Key[]) {
    const value = NUMBER_KEYS.includes(key) ? Number(draft[key]) : draft[key];
    if (JSON.stringify(value) !== JSON.stringify(saved[key])) out[key] = value;
  }
  return out as Partial<LoyaltySettings>;
}

/** Every loyalty setting in four sections, saved together; errors appear at their fields. */
export default function SettingsScreen() {
  const notices = useNotices();
  const [saved, setSaved] = useState<LoyaltySettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const record = useApiQuery<LoyaltySettings>(LOYALTY_SETTINGS_PATH, undefined, FORM_SOURCE);
  useErrorNotice(record.error);
  useFirstAnswer(LOYALTY_SETTINGS_PATH, record.data, (settings) => {
    setSaved(settings);
    setDraft(toDraft(settings));
  });
  const pending = saved && draft ? changes(saved, draft) : {};
  const dirty = Object.keys(pending).length > 0;
  useUnsavedChangesWarning(dirty);
  if (!saved || !draft) return <Spinner />;

  const set = (key: Key) => (value: string | boolean | Tier[]) => setDraft({ ...draft, [key]: value });
  const text = (key: Key, label: string, help?: string, step = '1') => (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      type="number"
      step={step}
      min={0}
      label={label}
      value={draft[key] as string}
      onChange={set(key)}
      help={errors[key] ?? help}
    />
  );
  const toggle = (key: Key, label: string, help?: string) => (
    <ToggleControl
      __nextHasNoMarginBottom
      label={label}
      checked={draft[key] as boolean}
      onChange={set(key)}
      help={errors[key] ?? help}
    />
  );
  const select = (key: Key, label: string, options: Array<{ value: string; label: string }>) => (
    <SelectControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={label}
      value={draft[key] as string}
      options={options}
      onChange={set(key)}
      help={errors[key]}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const next = await saveSettings(pending);
      setSaved(next);
      setDraft(toDraft(next));
      setErrors({});
      notices.show('success', __('Settings saved.', 'storeside'));
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScreenHeader title={__('Loyalty Settings', 'storeside')} />
      <form className="storeside-form" onSubmit={submit} noValidate>
        <Panel>
          <Section title={__('Earning', 'storeside')}>
            {text(
              'earning_pointsPerDollar',
              __('Points per dollar', 'storeside'),
              __('Points for each unit of currency spent.', 'storeside'),
              'any',
            )}
            {text('earning_pointsForRegistration', __('Points for registration', 'storeside'))}
            {text('earning_pointsForReview', __('Points for a review', 'storeside'))}
            {select('earning_orderStatusTrigger', __('Award order points when the order is', 'storeside'), [
              { value: 'completed', label: __('Completed', 'storeside') },
              { value: 'processing', label: __('Processing', 'storeside') },
            ])}
          </Section>
          <Section title={__('Redemption', 'storeside')}>
            {text(
              'redemption_pointsValue',
              __('Point value', 'storeside'),
              __('Money value of one point.', 'storeside'),
              'any',
            )}
            {select('redemption_mode', __('Redemption mode', 'storeside'), [
              { value: 'fee', label: __('Discount at checkout (fee)', 'storeside') },
              { value: 'coupon', label: __('Coupon', 'storeside') },
            ])}
            {text('redemption_minPoints', __('Minimum points to redeem', 'storeside'))}
            {text('redemption_maxDiscountPercentage', __('Maximum discount (% of the order)', 'storeside'))}
            {toggle('expiry_enabled', __('Points expire', 'storeside'))}
            {text('expiry_days', __('Points expire after (days)', 'storeside'))}
          </Section>
          <Section title={__('Referrals & Tiers', 'storeside')}>
            {toggle('referrals_enabled', __('Enable referrals', 'storeside'))}
            {text('referrals_bonusPoints', __('Referral bonus points', 'storeside'))}
            {text(
              'referrals_newCustomerDiscount',
              __('New customer discount', 'storeside'),
              undefined,
              'any',
            )}
            {text('referrals_cookieDuration', __('Referral cookie lifetime (days)', 'storeside'))}
            {toggle('tiers_enabled', __('Enable tiers', 'storeside'))}
            <TierList tiers={draft.tiers_config as Tier[]} onChange={set('tiers_config')} errors={errors} />
          </Section>
          <Section title={__('Display & Advanced', 'storeside')}>
            {toggle('display_guestNoticeEnabled', __('Show guest notice', 'storeside'))}
            {toggle('advanced_deleteAllOnUninstall', __('Delete all data on uninstall', 'storeside'))}
            {toggle('debug_enableMode', __('Debug mode', 'storeside'))}
          </Section>
        </Panel>
        <p>
          <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy || !dirty}>
            {__('Save Changes', 'storeside')}
          </Button>
        </p>
      </form>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PanelBody title={title} initialOpen>
      {children}
    </PanelBody>
  );
}
