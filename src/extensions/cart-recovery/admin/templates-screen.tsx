import { Button, Spinner, TabPanel, TextareaControl, TextControl } from '@wordpress/components';
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
import type { TemplateDraft } from '../test-tools/templates.schemas.js';
import { EmailPreview } from './email-preview.js';
import { BrandingForm } from './branding-form.js';
import { CAMPAIGN_PATH, fetchCampaign } from './config-client.js';
import { draftOf, saveTemplates, sendTemplateTest, TEMPLATE_PLACEHOLDERS } from './templates-client.js';
import './templates-admin.css';
import { errorMessage } from '../../../admin/components/request-error.js';

const STEPS = [0, 1, 2];

/** Each step's subject, preheader, heading, body and button label, with a live server-rendered preview. */
export default function TemplatesScreen() {
  const notices = useNotices();
  const [saved, setSaved] = useState<TemplateDraft[] | null>(null);
  const [drafts, setDrafts] = useState<TemplateDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Bumped when the branding is saved, so the preview renders again.
  const [brandVersion, setBrandVersion] = useState(0);
  const record = useApiQuery(CAMPAIGN_PATH, fetchCampaign, FORM_SOURCE);
  useErrorNotice(record.error);
  useFirstAnswer(CAMPAIGN_PATH, record.data, (campaign) => {
    const loaded = campaign.steps.map(draftOf);
    setSaved(loaded);
    setDrafts(loaded);
  });
  const dirty = saved !== null && JSON.stringify(saved) !== JSON.stringify(drafts);
  useUnsavedChangesWarning(dirty);
  if (!saved) return <Spinner />;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const campaign = await saveTemplates(drafts);
      const next = campaign.steps.map(draftOf);
      setSaved(next);
      setDrafts(next);
      setErrors({});
      notices.show('success', __('Templates saved.', 'storeside'));
    } catch (error) {
      setErrors(fieldErrors(error));
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const set = (step: number, changes: Partial<TemplateDraft>) =>
    setDrafts(drafts.map((d, i) => (i === step ? { ...d, ...changes } : d)));

  return (
    <>
      <ScreenHeader title={__('Templates', 'storeside')} />
      <TabPanel
        tabs={STEPS.map((i) => ({
          name: `step-${i + 1}`,
          title: sprintf(__('Step %d', 'storeside'), i + 1),
        }))}
      >
        {(tab) => {
          const step = Number(tab.name.slice(5)) - 1;
          return (
            <StepEditor
              key={tab.name}
              step={step}
              draft={drafts[step]}
              brandVersion={brandVersion}
              errors={errors}
              busy={busy}
              dirty={dirty}
              onChange={(changes) => set(step, changes)}
              onSave={save}
            />
          );
        }}
      </TabPanel>
      <BrandingForm onSaved={() => setBrandVersion((v) => v + 1)} />
    </>
  );
}

function StepEditor(props: {
  step: number;
  draft: TemplateDraft;
  brandVersion: number;
  errors: Record<string, string>;
  busy: boolean;
  dirty: boolean;
  onChange: (changes: Partial<TemplateDraft>) => void;
  onSave: (event: FormEvent) => void;
}) {
  const { step, draft, errors, onChange } = props;
  // The campaign rule names `steps[i].body`; the schema names `steps.i.body`.
  const error = (field: keyof TemplateDraft) =>
    errors[`steps[${step}].${field}`] ?? errors[`steps.${step}.${field}`];
  const text = (field: 'subject' | 'preheader' | 'heading' | 'cta_label', label: string) => (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={label}
      value={draft[field]}
      help={error(field)}
      className={error(field) ? 'cr-field-error' : undefined}
      onChange={(value) => onChange({ [field]: value })}
    />
  );
  return (
    <div className="cr-templates">
      <form className="storeside-form cr-template-form" onSubmit={props.onSave} noValidate>
        {text('subject', __('Subject', 'storeside'))}
        {text('preheader', __('Preheader', 'storeside'))}
        {text('heading', __('Heading', 'storeside'))}
        <TextareaControl
          __nextHasNoMarginBottom
          label={__('Body', 'storeside')}
          rows={14}
          value={draft.body}
          help={
            error('body') ??
            __(
              'Blank lines separate paragraphs. A paragraph that is only {restore_url} becomes the button; the body must keep {restore_url} and {unsubscribe_url}.',
              'storeside',
            )
          }
          className={error('body') ? 'cr-field-error' : undefined}
          onChange={(value) => onChange({ body: value })}
        />
        {text('cta_label', __('Button label', 'storeside'))}
        <p>
          <Button
            variant="primary"
            type="submit"
            isBusy={props.busy}
            accessibleWhenDisabled
            disabled={props.busy || !props.dirty}
          >
            {__('Save templates', 'storeside')}
          </Button>
        </p>
        <h2 className="cr-subheading">{__('Placeholders', 'storeside')}</h2>
        <ul className="cr-placeholders">
          {TEMPLATE_PLACEHOLDERS.map((name) => (
            <li key={name}>
              <code>{`{${name}}`}</code>
            </li>
          ))}
        </ul>
        <SendTest step={step} draft={draft} />
      </form>
      {/* A new branding remounts the preview, which renders it again. */}
      <EmailPreview key={props.brandVersion} step={step + 1} draft={draft} />
    </div>
  );
}

function SendTest({ step, draft }: { step: number; draft: TemplateDraft }) {
  const notices = useNotices();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const reply = await sendTemplateTest(step + 1, draft, email);
      setError(undefined);
      notices.show('success', reply.message);
    } catch (failure) {
      setError(fieldErrors(failure).email ?? errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="cr-send-test">
      <legend>{__('Send test e-mail', 'storeside')}</legend>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type="email"
        label={__('Send to', 'storeside')}
        value={email}
        help={error}
        onChange={setEmail}
      />
      <Button
        variant="secondary"
        isBusy={busy}
        accessibleWhenDisabled
        disabled={busy || !email}
        onClick={send}
      >
        {__('Send test e-mail', 'storeside')}
      </Button>
    </fieldset>
  );
}
