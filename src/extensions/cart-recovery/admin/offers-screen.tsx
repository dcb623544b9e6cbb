import { Button, Panel, PanelBody, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Settings } from '../settings/settings.schemas.js';
import { saveCrSettings, CR_SETTINGS_PATH } from './config-client.js';
import { useSavedForm } from '../../../admin/components/use-saved-form.js';

interface Draft {
  coupon_type: Settings['coupon_type'];
  coupon_amount: string;
  coupon_expiry_days: string;
}

function toDraft(settings: Settings): Draft {
  return {
    coupon_type: settings.coupon_type,
    coupon_amount: String(settings.coupon_amount),
    coupon_expiry_days: String(settings.coupon_expiry_days),
  };
}

/** The recovery coupon: fixed or percent, its amount and how many days it stays valid. */
export default function OffersScreen() {
  const { saved, draft, setDraft, errors, busy, dirty, submit } = useSavedForm({
    path: CR_SETTINGS_PATH,
    save: (d: Draft) =>
      saveCrSettings({
        coupon_type: d.coupon_type,
        coupon_amount: Number(d.coupon_amount),
        coupon_expiry_days: Number(d.coupon_expiry_days),
      }),
    toDraft,
    savedMessage: __('Offer saved.', 'storeside'),
  });
  if (!saved || !draft) return <Spinner />;

  return (
    <>
      <ScreenHeader title={__('Recovery Offers', 'storeside')} />
      <p>
        {__(
          'The coupon the e-mails with a coupon carry (choose which on the Sequence screen). Each shopper gets a single-use code.',
          'storeside',
        )}
      </p>
      <form className="storeside-form" onSubmit={submit} noValidate>
        <Panel>
          <PanelBody title={__('Recovery coupon', 'storeside')} initialOpen>
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Coupon type', 'storeside')}
              value={draft.coupon_type}
              options={[
                { value: 'fixed_cart', label: __('Fixed amount off the cart', 'storeside') },
                { value: 'percent', label: __('Percentage off the cart', 'storeside') },
              ]}
              onChange={(value) => setDraft({ ...draft, coupon_type: value as Draft['coupon_type'] })}
              help={errors.coupon_type}
            />
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              type="number"
              step="any"
              min={0}
              label={
                draft.coupon_type === 'percent'
                  ? __('Coupon amount (%)', 'storeside')
                  : __('Coupon amount (store currency)', 'storeside')
              }
              value={draft.coupon_amount}
              onChange={(coupon_amount) => setDraft({ ...draft, coupon_amount })}
              help={errors.coupon_amount}
              aria-invalid={errors.coupon_amount ? true : undefined}
            />
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              type="number"
              min={1}
              max={365}
              label={__('Coupon valid for (days)', 'storeside')}
              value={draft.coupon_expiry_days}
              onChange={(coupon_expiry_days) => setDraft({ ...draft, coupon_expiry_days })}
              help={
                errors.coupon_expiry_days ?? __('Counted from the moment the e-mail is sent.', 'storeside')
              }
              aria-invalid={errors.coupon_expiry_days ? true : undefined}
            />
          </PanelBody>
        </Panel>
        <p>
          <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy || !dirty}>
            {__('Save Offer', 'storeside')}
          </Button>
        </p>
      </form>
    </>
  );
}
