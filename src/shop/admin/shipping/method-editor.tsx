import { Button, CheckboxControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import { useNotices } from '../../../admin/components/notices.js';
import { WcSettingField } from '../settings/wc-setting-field.js';
import { deleteMethod, saveMethod, type ZoneMethod } from './shipping-client.js';

/** One method of a zone: enabled, its settings as WooCommerce describes them, Save and Delete. */
export function MethodEditor({ zoneId, method }: { zoneId: number; method: ZoneMethod }) {
  const notices = useNotices();
  const initial = Object.fromEntries(Object.entries(method.settings).map(([id, s]) => [id, s.value]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [enabled, setEnabled] = useState(method.enabled);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

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
        {Object.values(method.settings).map((setting) => (
          <WcSettingField
            key={setting.id}
            setting={setting}
            value={values[setting.id] ?? ''}
            onChange={(value) => setValues({ ...values, [setting.id]: value })}
            error={errors[setting.id]}
          />
        ))}
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
