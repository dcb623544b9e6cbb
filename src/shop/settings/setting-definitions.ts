/** A stored setting value: WooCommerce keeps every setting as a string, multi-selects as a list of strings. */
export type SettingValue = string | string[];

/** One WooCommerce setting (`WC_Settings_API` field) that `/wc/v3/settings/{group}/{id}` reads and writes. */
export interface SettingDefinition {
  /** The setting's REST id; also the WooCommerce option name it is stored under unless `option` says otherwise. */
  id: string;
  /** The option it is stored under when that is not `id` (e-mail settings: `enabled` of `email_new_order`). */
  option?: string;
  label: string;
  description: string;
  /** WooCommerce's REST type: `text`/`textarea`/`email`, `select`/`radio` (one option), `multiselect` or `checkbox` (`yes`/`no`). */
  type: 'text' | 'textarea' | 'email' | 'select' | 'radio' | 'multiselect' | 'checkbox';
  default: SettingValue;
  tip?: string;
  placeholder?: string;
  /** The allowed values and their labels (`select`, `radio`, `multiselect`), computed when asked (country lists). */
  options?: () => Record<string, string>;
  /** A further rule for a text value: why it is refused, or null when it is fine (e.g. a list of e-mail addresses). */
  check?: (value: string) => string | null;
}

/** A group of settings: a tab of WooCommerce's settings screen (`general`, `tax` …). */
export interface SettingGroup {
  id: string;
  label: string;
  description: string;
  /** The group it is a sub-group of (`email` for each e-mail's group), or none. */
  parentId?: string;
  settings: readonly SettingDefinition[];
}

/** The option a setting is stored under. */
export function settingOption(setting: SettingDefinition): string {
  return setting.option ?? setting.id;
}

const EMAIL_ADDRESS = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** True for one plain e-mail address (`name@example.com`). */
export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value);
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
    default: {
      const text =
        typeof value === 'string' && value.length <= 1000
          ? value.trim()
          : typeof value === 'number' && Number.isFinite(value)
            ? String(value)
            : null;
      if (text === null)
        return { ok: false, message: `${setting.id} must be a text of at most 1000 characters.` };
      if (setting.type === 'email' && text !== '' && !isEmailAddress(text))
        return { ok: false, message: `${setting.id} must be an e-mail address.` };
      const refused = setting.check?.(text) ?? null;
      return refused === null ? { ok: true, value: text } : { ok: false, message: refused };
    }
  }
}
