import {
  CheckboxControl,
  Panel,
  PanelBody,
  SelectControl,
  Spinner,
  TextareaControl,
  TextControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useRef } from 'react';
import { Link, useParams } from 'wouter';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useSavedForm } from '../../../admin/components/use-saved-form.js';
import type { Setting } from '../settings/settings-client.js';
import {
  EMAILS_ROUTE,
  type EmailPreview,
  emailSettingsPath,
  type ShopEmailRow,
  saveEmailSettings,
} from './emails-client.js';
import './emails.css';
import { SaveChangesButton } from '../../../admin/components/save-changes-button.js';

// The values being edited, by setting id, with the settings themselves for labels, types and options.
interface Draft {
  settings: Setting[];
  values: Record<string, string>;
}

function toDraft(settings: Setting[]): Draft {
  return { settings, values: Object.fromEntries(settings.map((s) => [s.id, String(s.value)])) };
}

/** One e-mail's settings (WooCommerce's fields of its `email_<id>` group) and its rendered preview. */
export default function EmailScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const list = useApiQuery<ShopEmailRow[]>(EMAILS_ROUTE);
  const preview = useApiQuery<EmailPreview>(`${EMAILS_ROUTE}/${id}/preview`);
  useErrorNotice(preview.error);
  const savedRef = useRef<Draft | null>(null);
  const { saved, draft, setDraft, errors, busy, dirty, submit } = useSavedForm({
    path: emailSettingsPath(id),
    save: async (d: Draft) => {
      const before = savedRef.current?.values ?? {};
      const changes = Object.fromEntries(Object.entries(d.values).filter(([key, v]) => v !== before[key]));
      const stored = await saveEmailSettings(id, changes);
      void preview.refetch();
      void list.refetch();
      return stored;
    },
    toDraft,
    savedMessage: __('Your settings have been saved.', 'storeside'),
  });
  savedRef.current = saved;
  const email = list.data?.find((e) => e.id === id);
  const title = email?.title ?? __('Email', 'storeside');

  const field = (setting: Setting) => {
    const value = draft?.values[setting.id] ?? '';
    const set = (next: string) =>
      draft && setDraft({ ...draft, values: { ...draft.values, [setting.id]: next } });
    const help = errors[setting.id] ?? setting.description;
    const invalid = errors[setting.id] ? true : undefined;
    const common = { label: setting.label, help, 'aria-invalid': invalid } as const;
    switch (setting.type) {
      case 'checkbox':
        return (
          <CheckboxControl
            key={setting.id}
            __nextHasNoMarginBottom
            label={setting.description || setting.label}
            help={errors[setting.id]}
            checked={value === 'yes'}
            onChange={(on) => set(on ? 'yes' : 'no')}
          />
        );
      case 'textarea':
        return (
          <TextareaControl
            key={setting.id}
            __nextHasNoMarginBottom
            {...common}
            value={value}
            onChange={set}
          />
        );
      case 'select':
        return (
          <SelectControl
            key={setting.id}
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            {...common}
            value={value}
            options={Object.entries(setting.options ?? {}).map(([key, label]) => ({ value: key, label }))}
            onChange={set}
          />
        );
      default:
        return (
          <TextControl
            key={setting.id}
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            {...common}
            placeholder={setting.placeholder}
            value={value}
            onChange={set}
          />
        );
    }
  };

  return (
    <>
      <ScreenHeader title={title}>
        <Link href="/shop/emails">{__('All emails', 'storeside')}</Link>
      </ScreenHeader>
      {email ? <p>{email.description}</p> : null}
      {!saved || !draft ? (
        <Spinner />
      ) : (
        <form className="storeside-form" onSubmit={submit} noValidate>
          <Panel>
            <PanelBody title={__('Settings', 'storeside')} initialOpen>
              {draft.settings.map(field)}
            </PanelBody>
          </Panel>
          <SaveChangesButton busy={busy} dirty={dirty} />
        </form>
      )}
      <section className="storeside-email-preview" aria-labelledby="storeside-email-preview-title">
        <h2 id="storeside-email-preview-title">{__('Preview', 'storeside')}</h2>
        {preview.data ? (
          <>
            <p>
              {preview.data.order_id === null
                ? __('Shown with a sample order (the shop has no order yet).', 'storeside')
                : sprintf(__('Shown with the newest order, #%d.', 'storeside'), preview.data.order_id)}{' '}
              {sprintf(__('Subject: %s', 'storeside'), preview.data.subject)}
            </p>
            {/* sandbox without allowances: the e-mail's HTML runs no script and reaches nothing of the admin. */}
            <iframe
              title={sprintf(__('Preview of “%s”', 'storeside'), title)}
              sandbox=""
              srcDoc={preview.data.html ?? ''}
            />
          </>
        ) : (
          <Spinner />
        )}
      </section>
    </>
  );
}
