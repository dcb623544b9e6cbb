import { Button, Panel, PanelBody, Spinner, TextControl, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Campaign } from '../settings/settings.schemas.js';
import { saveCampaign, CAMPAIGN_PATH } from './config-client.js';
import { useSavedForm } from '../../../admin/components/use-saved-form.js';

// Delays are edited as text (a half-typed value is not coerced) and sent as whole minutes.
interface Draft {
  enabled: boolean;
  steps: Array<{ delay: string; coupon: boolean }>;
}

function toDraft(campaign: Campaign): Draft {
  return {
    enabled: campaign.enabled,
    steps: campaign.steps.map((s) => ({ delay: String(s.delay_minutes), coupon: s.coupon_enabled })),
  };
}

/** "45 minutes", "1 day 2 hours": a delay in minutes as words (the field's help). */
function delayInWords(text: string): string {
  const minutes = Number(text);
  if (!Number.isInteger(minutes) || minutes <= 0)
    return __('Minutes after the cart is abandoned.', 'storeside');
  const parts: string[] = [];
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) parts.push(sprintf(days === 1 ? __('%d day', 'storeside') : __('%d days', 'storeside'), days));
  if (hours)
    parts.push(sprintf(hours === 1 ? __('%d hour', 'storeside') : __('%d hours', 'storeside'), hours));
  if (rest)
    parts.push(sprintf(rest === 1 ? __('%d minute', 'storeside') : __('%d minutes', 'storeside'), rest));
  return sprintf(__('Sent %s after the cart is abandoned.', 'storeside'), parts.join(' '));
}

/** A step field's error, named by the schema (`steps.1.delay_minutes`) or the service (`steps[1].delay_minutes`). */
function stepError(errors: Record<string, string>, index: number, field: string): string | undefined {
  return errors[`steps[${index}].${field}`] ?? errors[`steps.${index}.${field}`];
}

/** The recovery sequence: on/off and the three e-mails' delays and coupons, saved through the campaign route. */
export default function SequenceScreen() {
  const { saved, draft, setDraft, errors, busy, dirty, submit } = useSavedForm({
    path: CAMPAIGN_PATH,
    save: (d: Draft) =>
      saveCampaign({
        enabled: d.enabled,
        steps: d.steps.map((step) => ({ delay_minutes: Number(step.delay), coupon_enabled: step.coupon })),
      }),
    toDraft,
    savedMessage: __('Sequence saved.', 'storeside'),
  });
  if (!saved || !draft) return <Spinner />;

  const setStep = (index: number, change: Partial<Draft['steps'][number]>) =>
    setDraft({ ...draft, steps: draft.steps.map((s, i) => (i === index ? { ...s, ...change } : s)) });

  return (
    <>
      <ScreenHeader title={__('Recovery Sequence', 'storeside')} />
      <form className="storeside-form" onSubmit={submit} noValidate>
        <Panel>
          <PanelBody title={__('Recovery e-mails', 'storeside')} initialOpen>
            <ToggleControl
              __nextHasNoMarginBottom
              label={__('Send recovery e-mails', 'storeside')}
              help={__('When off, abandoned carts are still recorded but no e-mail is sent.', 'storeside')}
              checked={draft.enabled}
              onChange={(enabled) => setDraft({ ...draft, enabled })}
            />
          </PanelBody>
          {draft.steps.map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the three steps are fixed positions
            <PanelBody key={i} title={sprintf(__('E-mail %d', 'storeside'), i + 1)} initialOpen>
              <TextControl
                __next40pxDefaultSize
                __nextHasNoMarginBottom
                type="number"
                min={15}
                max={10080}
                label={sprintf(__('E-mail %d delay (minutes)', 'storeside'), i + 1)}
                value={step.delay}
                onChange={(delay) => setStep(i, { delay })}
                help={stepError(errors, i, 'delay_minutes') ?? delayInWords(step.delay)}
                aria-invalid={stepError(errors, i, 'delay_minutes') ? true : undefined}
              />
              <ToggleControl
                __nextHasNoMarginBottom
                label={sprintf(__('E-mail %d includes a coupon', 'storeside'), i + 1)}
                help={__('A single-use code made from the Offers settings.', 'storeside')}
                checked={step.coupon}
                onChange={(coupon) => setStep(i, { coupon })}
              />
            </PanelBody>
          ))}
        </Panel>
        <p>
          <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy || !dirty}>
            {__('Save Sequence', 'storeside')}
          </Button>
        </p>
      </form>
    </>
  );
}
