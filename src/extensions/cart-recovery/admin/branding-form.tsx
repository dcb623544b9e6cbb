import { Button, Spinner, TextareaControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import {
  FORM_SOURCE,
  useApiQuery,
  useErrorNotice,
  useFirstAnswer,
} from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import type { Settings } from '../settings/settings.schemas.js';
import { CR_SETTINGS_PATH, fetchCrSettings, saveCrSettings } from './config-client.js';

type Branding = Pick<Settings, 'logo_url' | 'accent_color' | 'footer_address'>;

/** The e-mails' logo URL, accent colour and footer address (`POST /settings`; refusals shown at the field). */
export function BrandingForm({ onSaved }: { onSaved: () => void }) {
  const notices = useNotices();
  const [draft, setDraft] = useState<Branding | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const record = useApiQuery(CR_SETTINGS_PATH, fetchCrSettings, FORM_SOURCE);
  useErrorNotice(record.error);
  useFirstAnswer(CR_SETTINGS_PATH, record.data, ({ logo_url, accent_color, footer_address }) =>
    setDraft({ logo_url, accent_color, footer_address }),
  );
  if (!draft) return <Spinner />;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await saveCrSettings(draft);
      setErrors({});
      onSaved();
      notices.show('success', __('Branding saved.', 'storeside'));
    } catch (error) {
      setErrors(fieldErrors(error));
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const field = (key: 'logo_url' | 'accent_color', label: string, help: string) => (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={label}
      value={draft[key]}
      help={errors[key] ?? help}
      className={errors[key] ? 'cr-field-error' : undefined}
      onChange={(value) => setDraft({ ...draft, [key]: value })}
    />
  );
  return (
    <form className="storeside-form cr-template-form cr-branding" onSubmit={save} noValidate>
      <h2 className="cr-subheading">{__('Branding of every e-mail', 'storeside')}</h2>
      {field(
        'logo_url',
        __('Logo URL', 'storeside'),
        __('An https address; empty shows the shop name.', 'storeside'),
      )}
      {field(
        'accent_color',
        __('Accent colour', 'storeside'),
        __('Button and coupon frame, as #rrggbb.', 'storeside'),
      )}
      <TextareaControl
        __nextHasNoMarginBottom
        label={__('Footer address', 'storeside')}
        rows={3}
        value={draft.footer_address}
        help={errors.footer_address ?? __('Your postal address, shown in every e-mail footer.', 'storeside')}
        className={errors.footer_address ? 'cr-field-error' : undefined}
        onChange={(value) => setDraft({ ...draft, footer_address: value })}
      />
      <Button variant="secondary" type="submit" isBusy={busy} accessibleWhenDisabled disabled={busy}>
        {__('Save branding', 'storeside')}
      </Button>
    </form>
  );
}
