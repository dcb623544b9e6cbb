import { Button, CheckboxControl, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import { useNotices } from '../../../admin/components/notices.js';
import { deleteMethod, saveMethod, type ZoneMethod } from './shipping-client.js';

/** One method of a zone: enabled, its settings as WooCommerce describes them, Save and Delete. */
export function MethodEditor({ zoneId, method }: { zoneId: number; method: ZoneMethod }) {
  const notices = useNotices();
  const initial = Object.fromEntries(Object.entries(method.settings).map(([id, s]) => [id, s.value]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [enabled, setEnabled] = useState(method.enabled);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const prefix = `method-${method.instance_id}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await saveMethod(zoneId, method.instance_id, { enabled, settings: values });
      notices.show(
        'success',
        sprintf(__('Shipping method "%s" saved.', 'storeside'), values.title ?? method.title),
      );
    } catch (error) {
      const byField = Object.fromEntries(
        Object.entries(fieldErrors(error)).map(([field, message]) => [
          field.replace(/^settings\./, ''),
          message,
        ]),
      );
      setErrors(byField);
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await deleteMethod(zoneId, method.instance_id);
      notices.show('success', sprintf(__('Shipping method "%s" deleted.', 'storeside'), method.title));
    } catch (error) {
      notices.showError(error);
    }
  };

  return (
    <form onSubmit={save}>
      <fieldset className="storeside-shipping-method">
        <legend>{`${method.title} (${method.method_title})`}</legend>
        <CheckboxControl
          __nextHasNoMarginBottom
          label={sprintf(__('Enable %s', 'storeside'), method.title)}
          checked={enabled}
          onChange={setEnabled}
        />
        {Object.values(method.settings).map((setting) => {
          const common = {
            __next40pxDefaultSize: true,
            __nextHasNoMarginBottom: true,
            label: setting.label,
            help: errors[setting.id] ?? (setting.tip || setting.description || undefined),
            value: values[setting.id] ?? '',
            onChange: (value: string) => setValues({ ...values, [setting.id]: value }),
          };
          if (setting.type === 'select')
            return (
              <SelectControl
                key={setting.id}
                {...common}
                options={Object.entries(setting.options ?? {}).map(([value, label]) => ({ value, label }))}
              />
            );
          if (setting.type === 'checkbox')
            return (
              <CheckboxControl
                key={setting.id}
                __nextHasNoMarginBottom
                label={setting.description || setting.label}
                checked={values[setting.id] === 'yes'}
                onChange={(checked) => setValues({ ...values, [setting.id]: checked ? 'yes' : 'no' })}
              />
            );
          return (
            <TextControl
              key={setting.id}
              id={`${prefix}-${setting.id}`}
              {...common}
              aria-invalid={errors[setting.id] ? true : undefined}
            />
          );
        })}
        <div className="storeside-zone-actions">
          <Button variant="primary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
            {sprintf(__('Save %s', 'storeside'), method.title)}
          </Button>
          <Button variant="link" isDestructive onClick={() => void remove()}>
            {sprintf(__('Delete %s', 'storeside'), method.title)}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
