import { Button, CheckboxControl, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
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
import type { TableConfig } from '../config/table-config.schemas.js';
import type { PluginSettings } from '../settings/settings.schemas.js';
import { DisplayPanel } from './display-panel.js';
import { OptionsPanel } from './options-panel.js';
import {
  fetchSettings,
  fetchTableDefaults,
  resetEverything,
  saveSettings,
  TABLES_NS,
} from './product-tables-client.js';
import './product-tables.css';

type Plugin = Omit<PluginSettings, 'table_defaults'>;
const CONFIRM_WORD = 'RESET';
// The plugin settings and the defaults of new tables, read together.
const SOURCE = [`${TABLES_NS}/settings`, 'with table defaults'] as const;

async function loadBoth(): Promise<{ settings: PluginSettings; config: TableConfig }> {
  const [settings, config] = await Promise.all([fetchSettings(), fetchTableDefaults()]);
  return { settings, config };
}

/** Plugin settings, the defaults of new tables (display and options), and the factory reset. */
export default function SettingsScreen() {
  const notices = useNotices();
  const [plugin, setPlugin] = useState<Plugin | null>(null);
  const [savedPlugin, setSavedPlugin] = useState<Plugin | null>(null);
  const [defaults, setDefaults] = useState<TableConfig | null>(null);
  const [savedDefaults, setSavedDefaults] = useState<TableConfig | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [word, setWord] = useState('');
  const loaded = useApiQuery(SOURCE, loadBoth, FORM_SOURCE);
  useErrorNotice(loaded.error);
  const start = ({ settings, config }: { settings: PluginSettings; config: TableConfig }) => {
    const { table_defaults: _defaults, ...rest } = settings;
    setPlugin(rest);
    setSavedPlugin(rest);
    setDefaults(config);
    setSavedDefaults(config);
  };
  useFirstAnswer(SOURCE, loaded.data, start);
  // After a write: the read that the write set off (or a new one), its answer the new starting point.
  const load = async () => {
    const reread = await loaded.refetch({ cancelRefetch: false });
    if (reread.status === 'success') start(reread.data);
  };
  const changes =
    plugin && savedPlugin && defaults && savedDefaults
      ? {
          ...(changedLeaves(savedPlugin, plugin) as Partial<Plugin>),
          table_defaults: {
            style: changedLeaves(savedDefaults.style, defaults.style),
            settings: changedLeaves(savedDefaults.settings, defaults.settings),
          },
        }
      : null;
  const dirty =
    changes !== null &&
    (Object.keys(changes).length > 1 ||
      Object.keys(changes.table_defaults.style).length > 0 ||
      Object.keys(changes.table_defaults.settings).length > 0);
  useUnsavedChangesWarning(dirty);
  if (!plugin || !defaults || !changes) return <Spinner />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await saveSettings(changes);
      await load();
      setErrors({});
      notices.show('success', __('Settings saved.', 'storeside'));
    } catch (error) {
      setErrors(fieldErrors(error));
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const reset = async () => {
    setBusy(true);
    try {
      const { deleted_tables } = await resetEverything();
      setWord('');
      await load();
      notices.show(
        'success',
        sprintf(
          __('Everything was reset: %d tables deleted, settings back to the defaults.', 'storeside'),
          deleted_tables,
        ),
      );
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const text = (key: 'add_to_cart_text' | 'select_options_text', label: string) => (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={label}
      value={plugin[key]}
      onChange={(value) => setPlugin({ ...plugin, [key]: value })}
      help={errors[`settings.${key}`] ?? errors[key]}
    />
  );
  const number = (
    key: 'log_retention' | 'render_cache_seconds',
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
      value={String(plugin[key])}
      onChange={(value) => setPlugin({ ...plugin, [key]: Number(value) })}
      help={errors[`settings.${key}`] ?? errors[key] ?? help}
    />
  );

  return (
    <>
      <ScreenHeader title={__('Product Tables Settings', 'storeside')} />
      <form className="ptables-settings" onSubmit={submit} noValidate>
        <section className="storeside-panel storeside-form" aria-labelledby="ptables-plugin-heading">
          <h2 id="ptables-plugin-heading">{__('Plugin settings', 'storeside')}</h2>
          {text('add_to_cart_text', __('Add to cart button text', 'storeside'))}
          {text('select_options_text', __('Select options button text', 'storeside'))}
          <CheckboxControl
            __nextHasNoMarginBottom
            label={__('Keep an activity log', 'storeside')}
            checked={plugin.logging_enabled}
            onChange={(logging_enabled) => setPlugin({ ...plugin, logging_enabled })}
          />
          {number(
            'log_retention',
            __('Keep log entries for (days)', 'storeside'),
            1,
            3650,
            __('1 to 3650 days.', 'storeside'),
          )}
          {number(
            'render_cache_seconds',
            __('Reuse a rendered table for (seconds)', 'storeside'),
            0,
            300,
            __('0 turns the cache off; changes always show at once.', 'storeside'),
          )}
        </section>
        <section className="storeside-panel" aria-labelledby="ptables-defaults-heading">
          <h2 id="ptables-defaults-heading">{__('Defaults for new tables', 'storeside')}</h2>
          <p className="storeside-muted">
            {__('New tables start with these; existing tables keep their own.', 'storeside')}
          </p>
          <h3>{__('Display', 'storeside')}</h3>
          <DisplayPanel style={defaults.style} onChange={(style) => setDefaults({ ...defaults, style })} />
          <h3>{__('Options', 'storeside')}</h3>
          <OptionsPanel
            settings={defaults.settings}
            onChange={(settings) => setDefaults({ ...defaults, settings })}
          />
        </section>
        <div className="ptables-save-bar">
          <Button
            type="submit"
            variant="primary"
            __next40pxDefaultSize
            isBusy={busy}
            disabled={busy || !dirty}
            accessibleWhenDisabled
          >
            {__('Save Changes', 'storeside')}
          </Button>
        </div>
      </form>
      <section className="storeside-panel ptables-danger" aria-labelledby="ptables-reset-heading">
        <h2 id="ptables-reset-heading">{__('Reset', 'storeside')}</h2>
        <p>
          {__(
            'Deletes every product table and puts the settings and the introduction back as they were on the first start. The activity log is kept. This cannot be undone.',
            'storeside',
          )}
        </p>
        <div className="storeside-inline-form">
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={sprintf(__('Type %s to confirm', 'storeside'), CONFIRM_WORD)}
            value={word}
            onChange={setWord}
            autoComplete="off"
          />
          <Button
            variant="primary"
            isDestructive
            __next40pxDefaultSize
            accessibleWhenDisabled
            disabled={busy || word !== CONFIRM_WORD}
            onClick={reset}
          >
            {__('Reset everything', 'storeside')}
          </Button>
        </div>
      </section>
    </>
  );
}

/** The leaves of `next` that differ from `base`, nested as in the objects (arrays compared whole). */
function changedLeaves(base: object, next: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const before = (base as Record<string, unknown>)[key];
    if (value && typeof value === 'object' && !Array.isArray(value) && before && typeof before === 'object') {
      const inner = changedLeaves(before, value);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (JSON.stringify(value) !== JSON.stringify(before)) out[key] = value;
  }
  return out;
}
