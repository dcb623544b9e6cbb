import {
  CheckboxControl,
  Panel,
  PanelBody,
  RadioControl,
  SelectControl,
  Spinner,
  TextControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useRef } from 'react';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useSavedForm } from '../../../admin/components/use-saved-form.js';
import {
  changedValues,
  fetchGeneralSettings,
  GENERAL_SETTINGS_PATH,
  type GeneralSettings,
  saveGeneralSettings,
} from './settings-client.js';
import { SettingsTabs } from './settings-tabs.js';
import { SaveChangesButton } from '../../../admin/components/save-changes-button.js';

// The values being edited, by setting id (multi-selects as lists), with the settings themselves for labels and options.
interface Draft {
  values: Record<string, string | string[]>;
  settings: GeneralSettings;
}

function toDraft(settings: GeneralSettings): Draft {
  return { settings, values: Object.fromEntries(Object.entries(settings).map(([id, s]) => [id, s.value])) };
}

/** Settings → General as WooCommerce has it: store address, selling and shipping locations, taxes. */
export default function GeneralSettingsScreen() {
  const savedRef = useRef<Draft | null>(null);
  const { saved, draft, setDraft, errors, busy, dirty, submit } = useSavedForm({
    path: GENERAL_SETTINGS_PATH,
    load: fetchGeneralSettings,
    save: (d: Draft) => saveGeneralSettings(changedValues(savedRef.current?.values ?? {}, d.values)),
    toDraft,
    savedMessage: __('Your settings have been saved.', 'storeside'),
  });
  savedRef.current = saved;
  if (!saved || !draft) return <Spinner />;

  const value = (id: string) => draft.values[id] ?? '';
  const set = (id: string) => (next: string | string[]) =>
    setDraft({ ...draft, values: { ...draft.values, [id]: next } });
  const setting = (id: string) => draft.settings[id]!;
  const options = (id: string) =>
    Object.entries(setting(id).options ?? {}).map(([key, label]) => ({ value: key, label }));
  const help = (id: string) => errors[id] ?? setting(id).description;
  const invalid = (id: string) => (errors[id] ? true : undefined);

  const text = (id: string) => (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={setting(id).label}
      value={value(id) as string}
      onChange={set(id)}
      help={help(id)}
      aria-invalid={invalid(id)}
    />
  );
  const select = (id: string) => (
    <SelectControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={setting(id).label}
      value={value(id) as string}
      options={options(id)}
      onChange={set(id)}
      help={help(id)}
      aria-invalid={invalid(id)}
    />
  );
  const countries = (id: string) => (
    <SelectControl
      __nextHasNoMarginBottom
      multiple
      className="storeside-country-list"
      label={setting(id).label}
      value={value(id) as string[]}
      options={options(id)}
      onChange={(next: string[]) => set(id)(next)}
      help={errors[id] ?? __('Hold Ctrl (⌘ on a Mac) to choose several countries.', 'storeside')}
      aria-invalid={invalid(id)}
    />
  );

  return (
    <>
      <ScreenHeader title={__('General settings', 'storeside')} />
      <SettingsTabs current="general" />
      <form className="storeside-form" onSubmit={submit} noValidate>
        <Panel>
          <PanelBody title={__('Store Address', 'storeside')} initialOpen>
            <p>
              {__(
                'This is where your business is located. Tax rates and shipping rates will use this address.',
                'storeside',
              )}
            </p>
            {text('woocommerce_store_address')}
            {text('woocommerce_store_address_2')}
            {text('woocommerce_store_city')}
            {select('woocommerce_default_country')}
            {text('woocommerce_store_postcode')}
          </PanelBody>
          <PanelBody title={__('General options', 'storeside')} initialOpen>
            {select('woocommerce_allowed_countries')}
            {value('woocommerce_allowed_countries') === 'all_except' &&
              countries('woocommerce_all_except_countries')}
            {value('woocommerce_allowed_countries') === 'specific' &&
              countries('woocommerce_specific_allowed_countries')}
            {select('woocommerce_ship_to_countries')}
            {value('woocommerce_ship_to_countries') === 'specific' &&
              countries('woocommerce_specific_ship_to_countries')}
            <CheckboxControl
              __nextHasNoMarginBottom
              label={setting('woocommerce_calc_taxes').label}
              help={errors.woocommerce_calc_taxes ?? setting('woocommerce_calc_taxes').tip}
              checked={value('woocommerce_calc_taxes') === 'yes'}
              onChange={(on) => set('woocommerce_calc_taxes')(on ? 'yes' : 'no')}
            />
            <RadioControl
              label={setting('woocommerce_prices_include_tax').label}
              help={help('woocommerce_prices_include_tax')}
              selected={value('woocommerce_prices_include_tax') as string}
              options={options('woocommerce_prices_include_tax')}
              onChange={set('woocommerce_prices_include_tax')}
            />
          </PanelBody>
        </Panel>
        <SaveChangesButton busy={busy} dirty={dirty} />
      </form>
    </>
  );
}
