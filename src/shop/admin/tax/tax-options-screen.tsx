import { CheckboxControl, RadioControl, SelectControl, Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useRef } from 'react';
import { FORM_SOURCE, useApiQuery } from '../../../admin/components/api-query.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useSavedForm } from '../../../admin/components/use-saved-form.js';
import { changedValues, saveSetting } from '../settings/settings-client.js';
import { SettingsTabs } from '../settings/settings-tabs.js';
import { fetchTaxSettings, TAX_SETTINGS_ROUTE, type TaxSetting } from './tax-client.js';
import { TaxClassesSection } from './tax-classes-section.js';
import { TaxSections } from './tax-sections.js';
import './tax.css';
import { SaveChangesButton } from '../../../admin/components/save-changes-button.js';

type Values = Record<string, string>;

const toValues = (settings: Record<string, TaxSetting>): Values =>
  Object.fromEntries(Object.entries(settings).map(([id, s]) => [id, s.value]));

/**
 * Settings → Tax → Tax options as WooCommerce has it: prices entered with tax, the tax address, shipping's tax
 * class, rounding and the display settings (one `PUT` per changed setting), then the additional tax classes.
 */
export default function TaxOptionsScreen() {
  const savedRef = useRef<Values | null>(null);
  const { saved, draft, setDraft, errors, busy, dirty, submit } = useSavedForm({
    path: TAX_SETTINGS_ROUTE,
    load: fetchTaxSettings,
    save: async (values: Values) => {
      for (const [id, value] of Object.entries(changedValues(savedRef.current ?? {}, values)))
        await saveSetting('tax', id, value);
      return fetchTaxSettings();
    },
    toDraft: toValues,
    savedMessage: __('Your settings have been saved.', 'storeside'),
  });
  savedRef.current = saved;
  // Labels and choices from the latest read (a class added below becomes a shipping tax class at once).
  const settings = useApiQuery(TAX_SETTINGS_ROUTE, fetchTaxSettings, FORM_SOURCE).data;

  const header = (
    <>
      <ScreenHeader title={__('Tax options', 'storeside')} />
      <SettingsTabs current="tax" />
      <TaxSections current="" />
    </>
  );
  if (!saved || !draft || !settings)
    return (
      <div className="storeside-tax">
        {header}
        <Spinner />
      </div>
    );

  const set = (id: string) => (value: string) => setDraft({ ...draft, [id]: value });
  const setting = (id: string) => settings[id]!;
  const options = (id: string) =>
    Object.entries(setting(id).options ?? {}).map(([value, label]) => ({ value, label }));
  const help = (id: string) => errors[id] || setting(id).tip || setting(id).description || undefined;
  const select = (id: string) => (
    <SelectControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={setting(id).label}
      value={draft[id]}
      options={options(id)}
      onChange={set(id)}
      help={help(id)}
      aria-invalid={errors[id] ? true : undefined}
    />
  );

  return (
    <div className="storeside-tax">
      {header}
      <form className="storeside-form" onSubmit={submit} noValidate>
        <RadioControl
          label={setting('woocommerce_prices_include_tax').label}
          help={help('woocommerce_prices_include_tax')}
          selected={draft.woocommerce_prices_include_tax}
          options={options('woocommerce_prices_include_tax')}
          onChange={set('woocommerce_prices_include_tax')}
        />
        {select('woocommerce_tax_based_on')}
        {select('woocommerce_shipping_tax_class')}
        <fieldset className="storeside-tax-fieldset">
          <legend>{setting('woocommerce_tax_round_at_subtotal').label}</legend>
          <CheckboxControl
            __nextHasNoMarginBottom
            label={setting('woocommerce_tax_round_at_subtotal').description}
            help={errors.woocommerce_tax_round_at_subtotal || undefined}
            checked={draft.woocommerce_tax_round_at_subtotal === 'yes'}
            onChange={(on) => set('woocommerce_tax_round_at_subtotal')(on ? 'yes' : 'no')}
          />
        </fieldset>
        {select('woocommerce_tax_display_shop')}
        {select('woocommerce_tax_display_cart')}
        {select('woocommerce_tax_total_display')}
        <SaveChangesButton busy={busy} dirty={dirty} />
      </form>
      <TaxClassesSection />
    </div>
  );
}
