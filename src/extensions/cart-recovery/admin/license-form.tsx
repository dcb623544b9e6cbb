import { Button, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import {
  FORM_SOURCE,
  useApiQuery,
  useErrorNotice,
  useFirstAnswer,
} from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import {
  activateLicense,
  deactivateLicense,
  fetchLicense,
  LICENSE_STATUS_PATH,
  type LicenseView,
} from './config-client.js';

const STATUS_LABELS: Record<LicenseView['status'], string> = {
  inactive: __('Inactive', 'storeside'),
  active: __('Active', 'storeside'),
  expired: __('Expired', 'storeside'),
  invalid: __('Invalid', 'storeside'),
};

/** The extension's license: its status, the stored key masked, activate, refresh status, deactivate. */
export function LicenseForm() {
  const notices = useNotices();
  const [license, setLicense] = useState<LicenseView | null>(null);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const record = useApiQuery(LICENSE_STATUS_PATH, fetchLicense, FORM_SOURCE);
  useErrorNotice(record.error);
  useFirstAnswer(LICENSE_STATUS_PATH, record.data, setLicense);
  if (!license) return <Spinner />;

  const run = async (action: () => Promise<LicenseView>, done: string) => {
    setBusy(true);
    try {
      setLicense(await action());
      setKey('');
      notices.show('success', done);
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && key.trim()) run(() => activateLicense(key.trim()), __('License activated.', 'storeside'));
  };
  return (
    <form className="storeside-form" onSubmit={submit} noValidate aria-label={__('License', 'storeside')}>
      <p>
        {sprintf(__('Status: %s', 'storeside'), STATUS_LABELS[license.status])}
        {license.expires_at ? ` · ${sprintf(__('expires %s', 'storeside'), license.expires_at)}` : ''}
        {license.key ? ` · ${sprintf(__('key %s', 'storeside'), license.key)}` : ''}
      </p>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('License key', 'storeside')}
        type="password"
        autoComplete="off"
        value={key}
        onChange={setKey}
        help={__('Recovery works without a license; it unlocks updates and support.', 'storeside')}
      />
      <div className="storeside-inline-form">
        <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy || !key.trim()}>
          {__('Activate', 'storeside')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => run(fetchLicense, __('License status refreshed.', 'storeside'))}
        >
          {__('Check status', 'storeside')}
        </Button>
        {license.key ? (
          <Button
            variant="secondary"
            isDestructive
            disabled={busy}
            onClick={() => run(deactivateLicense, __('License deactivated.', 'storeside'))}
          >
            {__('Deactivate', 'storeside')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
