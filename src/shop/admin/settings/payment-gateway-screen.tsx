import { CheckboxControl, Panel, PanelBody, Spinner, TextareaControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { Link, useParams } from 'wouter';
import { FORM_SOURCE, useApiQuery } from '../../../admin/components/api-query.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useSavedForm } from '../../../admin/components/use-saved-form.js';
import { GATEWAYS_ROUTE, type Gateway, saveGateway } from './payments-client.js';
import { StripeConnectionPanel } from './stripe-connection-panel.js';
import { WcSettingField } from './wc-setting-field.js';
import './payments.css';
import { SaveChangesButton } from '../../../admin/components/save-changes-button.js';

// What the form edits: the switch, the checkout description and every setting's value, by id.
interface Draft {
  enabled: boolean;
  description: string;
  values: Record<string, string>;
  gateway: Gateway;
}

function toDraft(gateway: Gateway): Draft {
  return {
    gateway,
    enabled: gateway.enabled,
    description: gateway.description,
    values: Object.fromEntries(Object.entries(gateway.settings).map(([id, s]) => [id, s.value])),
  };
}

// A masked secret (`sk_test_****fake`) is sent back as it is: the server keeps the stored one.
function save(id: string) {
  return (draft: Draft) =>
    saveGateway(id, { enabled: draft.enabled, description: draft.description, settings: draft.values });
}

/** One gateway's settings (WooCommerce → Settings → Payments → Manage): its switch, texts and form fields. */
export default function PaymentGatewayScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const path = `${GATEWAYS_ROUTE}/${id}`;
  const record = useApiQuery<Gateway>(path, undefined, FORM_SOURCE);
  const { draft, setDraft, errors, busy, dirty, submit } = useSavedForm({
    path,
    save: save(id),
    toDraft,
    savedMessage: __('Your settings have been saved.', 'storeside'),
  });
  const back = <Link href="/shop/settings/payments">{__('Back to payment methods', 'storeside')}</Link>;
  if (record.isError)
    return (
      <div>
        <ScreenHeader title={__('Payment method', 'storeside')} />
        <p>{__('This payment method does not exist.', 'storeside')}</p>
        {back}
      </div>
    );
  if (!draft) return <Spinner />;
  const { gateway } = draft;
  // The route names a refused setting `settings[key]`; the form shows it at that setting.
  const errorOf = (key: string) => errors[`settings[${key}]`] ?? errors[`settings.${key}`];
  const setValue = (key: string) => (value: string) =>
    setDraft({ ...draft, values: { ...draft.values, [key]: value } });

  return (
    <div className="storeside-payments">
      <ScreenHeader title={gateway.method_title}>{back}</ScreenHeader>
      <p>{gateway.method_description}</p>
      <form className="storeside-form" onSubmit={submit} noValidate>
        <Panel>
          <PanelBody title={__('Settings', 'storeside')} initialOpen>
            <CheckboxControl
              __nextHasNoMarginBottom
              label={sprintf(__('Enable %s', 'storeside'), gateway.method_title)}
              help={errors.enabled}
              checked={draft.enabled}
              onChange={(enabled) => setDraft({ ...draft, enabled })}
            />
            {Object.values(gateway.settings).map((setting) => (
              <WcSettingField
                key={setting.id}
                setting={setting}
                value={draft.values[setting.id] ?? ''}
                onChange={setValue(setting.id)}
                error={errorOf(setting.id)}
                help={
                  setting.type === 'password' && setting.value
                    ? sprintf(
                        __('Saved: %s. Leave it as it is to keep it, or type a new one.', 'storeside'),
                        setting.value,
                      )
                    : undefined
                }
              />
            ))}
            <TextareaControl
              __nextHasNoMarginBottom
              label={__('Description', 'storeside')}
              help={
                errors.description ??
                __('This controls the description which the user sees during checkout.', 'storeside')
              }
              value={draft.description}
              onChange={(description) => setDraft({ ...draft, description })}
            />
          </PanelBody>
          {gateway.id === 'stripe' ? (
            <StripeConnectionPanel secretKey={draft.values.secret_key ?? ''} />
          ) : null}
        </Panel>
        <SaveChangesButton busy={busy} dirty={dirty} />
      </form>
    </div>
  );
}
