/** A stored setting value: WooCommerce keeps every setting as a string, multi-selects as a list of strings. */
export type SettingValue = string | string[];

/** One WooCommerce setting (`WC_Settings_API` field) that `/wc/v3/settings/{group}/{id}` reads and writes. */
export interface SettingDefinition {
  /** The WooCommerce option name, which is also the setting's REST id (e.g. `woocommerce_default_country`). */
  id: string;
  label: string;
  description: string;
  /** WooCommerce's REST type: `text`, `select`/`radio` (one option), `multiselect` or `checkbox` (`yes`/`no`). */
  type: 'text' | 'select' | 'radio' | 'multiselect' | 'checkbox';
  default: SettingValue;
  tip?: string;
  placeholder?: string;
  /** The allowed values and their labels (`select`, `radio`, `multiselect`), computed when asked (country lists). */
  options?: () => Record<string, string>;
}

/** A group of settings: a tab of WooCommerce's settings screen (`general`, `tax` …). */
export interface SettingGroup {
  id: string;
  label: string;
  description: string;
  settings: readonly SettingDefinition[];
}

/** The value a client sent, checked against the setting's type and options: the stored form, or why it is refused. */
export function checkSettingValue(
  setting: SettingDefinition,
  value: unknown,
): { ok: true; value: SettingValue } | { ok: false; message: string } {
  switch (setting.type) {
    case 'checkbox':
      if (value === true || value === 'yes') return { ok: true, value: 'yes' };
      if (value === false || value === 'no') return { ok: true, value: 'no' };
      return { ok: false, message: `${setting.id} must be "yes" or "no".` };
    case 'select':
    case 'radio': {
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text === 'string' && Object.hasOwn(setting.options?.() ?? {}, text))
        return { ok: true, value: text };
      return { ok: false, message: `${setting.id} must be one of its options.` };
    }
    case 'multiselect': {
      const list = value === '' ? [] : value;
      const options = setting.options?.() ?? {};
      if (Array.isArray(list) && list.every((v) => typeof v === 'string' && Object.hasOwn(options, v)))
        return { ok: true, value: [...new Set(list as string[])] };
      return { ok: false, message: `${setting.id} must be a list of its options.` };
    }
    default:
      if (typeof value === 'string' && value.length <= 1000) return { ok: true, value: value.trim() };
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value: String(value) };
      return { ok: false, message: `${setting.id} must be a text of at most 1000 characters.` };
  }
}
