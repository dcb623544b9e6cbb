import { CheckboxControl, SelectControl, TextareaControl, TextControl } from '@wordpress/components';
import type { Static } from '@sinclair/typebox';
import type { WcSettingSchema } from '../../settings/wc-setting.schemas.js';

/** One setting in WooCommerce's form-field shape (shipping methods, payment gateways). */
export type WcSetting = Static<typeof WcSettingSchema>;

/**
 * The control WooCommerce draws for a setting of its type: text (and safe_text), password, textarea, checkbox
 * (`yes`/`no`) or select; the route's message for it, when it refused the value, replaces its help.
 */
export function WcSettingField(props: {
  setting: WcSetting;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Help shown under the control instead of the setting's tip or description. */
  help?: string;
}) {
  const { setting, value, onChange, error } = props;
  const help = error ?? props.help ?? (setting.tip || setting.description || undefined);
  const invalid = error ? true : undefined;
  if (setting.type === 'checkbox')
    return (
      <CheckboxControl
        __nextHasNoMarginBottom
        label={setting.label}
        help={help}
        checked={value === 'yes'}
        onChange={(checked) => onChange(checked ? 'yes' : 'no')}
        aria-invalid={invalid}
      />
    );
  if (setting.type === 'select')
    return (
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={setting.label}
        help={help}
        value={value}
        options={Object.entries(setting.options ?? {}).map(([key, label]) => ({ value: key, label }))}
        onChange={onChange}
        aria-invalid={invalid}
      />
    );
  if (setting.type === 'textarea')
    return (
      <TextareaControl
        __nextHasNoMarginBottom
        label={setting.label}
        help={help}
        value={value}
        placeholder={setting.placeholder || undefined}
        onChange={onChange}
        aria-invalid={invalid}
      />
    );
  return (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      type={setting.type === 'password' ? 'password' : 'text'}
      autoComplete={setting.type === 'password' ? 'off' : undefined}
      spellCheck={setting.type === 'password' ? false : undefined}
      label={setting.label}
      help={help}
      value={value}
      placeholder={setting.placeholder || undefined}
      onChange={onChange}
      aria-invalid={invalid}
    />
  );
}
