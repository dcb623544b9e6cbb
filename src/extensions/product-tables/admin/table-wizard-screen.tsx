import { Button, SelectControl, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fieldErrors } from '../../../admin/api.js';
import {
  FORM_SOURCE,
  useApiQuery,
  useErrorNotice,
  useFirstAnswer,
} from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { WizardFrame } from '../../../admin/components/wizard-frame.js';
import { useUnsavedChangesWarning } from '../../../admin/components/use-unsaved-changes.js';
import { ColumnsEditor } from './columns-editor.js';
import { CopyButton } from './copy-button.js';
import { DisplayPanel } from './display-panel.js';
import { LivePreview } from './live-preview.js';
import { OptionsPanel } from './options-panel.js';
import {
  completeOnboarding,
  fetchTableDefaults,
  TABLE_DEFAULTS_PATH,
  saveTable,
  type TableRecord,
} from './product-tables-client.js';
import { SetupPanel } from './setup-panel.js';
import { draftInput, edit, numbered, type TableDraft } from './table-draft.js';
import { COLUMN_TYPE_LABELS, SOURCE_LABELS, STATUS_LABELS } from './table-labels.js';
import './product-tables.css';
import { errorMessage } from '../../../admin/components/request-error.js';

const STEPS = [
  __('Setup', 'storeside'),
  __('Columns', 'storeside'),
  __('Display', 'storeside'),
  __('Options', 'storeside'),
  __('Finish', 'storeside'),
];

/** The Create Table wizard: Setup, Columns, Display, Options, Finish (summary, then the shortcode and link). */
export default function TableWizardScreen() {
  const notices = useNotices();
  const [draft, setDraft] = useState<TableDraft | null>(null);
  const [step, setStep] = useState(0);
  const [problem, setProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState<TableRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const defaults = useApiQuery(TABLE_DEFAULTS_PATH, fetchTableDefaults, FORM_SOURCE);
  useErrorNotice(defaults.error);
  useFirstAnswer(TABLE_DEFAULTS_PATH, defaults.data, (loaded) =>
    setDraft({ ...loaded, title: '', columns: numbered(loaded.columns) }),
  );
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step puts the keyboard on its heading
  useEffect(() => {
    if (first.current) first.current = false;
    else stepHeading.current?.focus();
  }, [step, saved]);
  useUnsavedChangesWarning(draft !== null && saved === null && (draft.title !== '' || step > 0));
  if (!draft) return <Spinner />;

  const setupProblem = (): string | undefined => {
    if (!draft.title.trim()) return __('Give the table a name.', 'storeside');
    if (draft.source.type === 'category' && draft.source.queryArgs.categoryIds.length === 0)
      return __('Choose at least one category.', 'storeside');
    if (draft.source.type === 'specific' && draft.source.queryArgs.postIds.length === 0)
      return __('Choose at least one product.', 'storeside');
    if (draft.columns.length === 0) return __('Add at least one column.', 'storeside');
    return undefined;
  };
  const next = () => {
    const found = step === 0 || step === 1 ? setupProblem() : undefined;
    setProblem(found);
    if (!found) setStep(step + 1);
  };
  const create = async () => {
    setBusy(true);
    try {
      const record = await saveTable(draftInput(draft));
      setSaved(record);
      await completeOnboarding().catch(() => undefined);
    } catch (error) {
      const byField = Object.entries(fieldErrors(error));
      notices.show('error', byField.length ? byField.map(([, m]) => m).join(' ') : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScreenHeader title={__('Create Table', 'storeside')} />
      <WizardFrame
        stepsLabel={__('Steps', 'storeside')}
        steps={STEPS}
        current={saved ? STEPS.length : step}
        heading={
          saved
            ? __('Your table is ready', 'storeside')
            : sprintf(__('Step %1$d of %2$d: %3$s', 'storeside'), step + 1, STEPS.length, STEPS[step])
        }
        headingId="ptables-step-heading"
        headingRef={stepHeading}
        className="ptables-step"
      >
        {saved ? (
          <Finished record={saved} />
        ) : (
          <>
            {step === 0 ? <SetupPanel draft={draft} onChange={setDraft} withTitle /> : null}
            {step === 1 ? (
              <ColumnsEditor
                columns={draft.columns}
                onChange={(columns) =>
                  setDraft(
                    edit(draft, (d) => {
                      d.columns = columns;
                    }),
                  )
                }
              />
            ) : null}
            {step === 2 ? (
              <DisplayPanel style={draft.style} onChange={(style) => setDraft({ ...draft, style })} />
            ) : null}
            {step === 3 ? (
              <OptionsPanel
                settings={draft.settings}
                onChange={(settings) => setDraft({ ...draft, settings })}
              />
            ) : null}
            {step === 4 ? (
              <Summary draft={draft} onStatus={(status) => setDraft({ ...draft, status })} />
            ) : null}
            {problem ? (
              <p role="alert" className="ptables-problem">
                {problem}
              </p>
            ) : null}
            <div className="ptables-wizard-nav">
              <Button
                variant="secondary"
                disabled={step === 0}
                accessibleWhenDisabled
                onClick={() => setStep(step - 1)}
              >
                {__('Back', 'storeside')}
              </Button>
              {step < STEPS.length - 1 ? (
                <Button variant="primary" onClick={next}>
                  {__('Next', 'storeside')}
                </Button>
              ) : (
                <Button
                  variant="primary"
                  isBusy={busy}
                  disabled={busy}
                  accessibleWhenDisabled
                  onClick={create}
                >
                  {draft.status === 'publish'
                    ? __('Publish table', 'storeside')
                    : __('Save table', 'storeside')}
                </Button>
              )}
            </div>
          </>
        )}
      </WizardFrame>
      {saved || step === 4 ? null : <LivePreview draft={draft} />}
    </>
  );
}

function Summary(props: { draft: TableDraft; onStatus: (status: TableDraft['status']) => void }) {
  const { draft } = props;
  const args = draft.source.queryArgs;
  const detail =
    draft.source.type === 'category'
      ? sprintf(__('%d categories', 'storeside'), args.categoryIds.length)
      : draft.source.type === 'specific'
        ? sprintf(__('%d products', 'storeside'), args.postIds.length)
        : '';
  return (
    <>
      <dl className="ptables-summary">
        <div>
          <dt>{__('Name', 'storeside')}</dt>
          <dd>{draft.title}</dd>
        </div>
        <div>
          <dt>{__('Products', 'storeside')}</dt>
          <dd>{[SOURCE_LABELS[draft.source.type], detail].filter(Boolean).join(': ')}</dd>
        </div>
        <div>
          <dt>{__('Columns', 'storeside')}</dt>
          <dd>{draft.columns.map((c) => c.heading || COLUMN_TYPE_LABELS[c.type]).join(', ')}</dd>
        </div>
        <div>
          <dt>{__('Products per page', 'storeside')}</dt>
          <dd>{draft.settings.pagination.limit}</dd>
        </div>
      </dl>
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Status', 'storeside')}
        value={draft.status}
        options={(['publish', 'draft', 'private'] as TableDraft['status'][]).map((value) => ({
          value,
          label: STATUS_LABELS[value],
        }))}
        onChange={props.onStatus}
      />
    </>
  );
}

function Finished({ record }: { record: TableRecord }) {
  return (
    <>
      <p>
        {record.status === 'publish'
          ? __('The table is published. Put its shortcode on a page, or share its link.', 'storeside')
          : __('The table is saved. Publish it to show it to visitors.', 'storeside')}
      </p>
      <dl className="ptables-summary">
        <div>
          <dt>{__('Shortcode', 'storeside')}</dt>
          <dd>
            <CopyButton text={record.shortcode} label={__('Copy shortcode', 'storeside')} />
          </dd>
        </div>
        <div>
          <dt>{__('Link', 'storeside')}</dt>
          <dd>
            <CopyButton text={record.permalink} label={__('Copy link', 'storeside')} />{' '}
            <a href={record.permalink} target="_blank" rel="noreferrer">
              {__('Open the table (new tab)', 'storeside')}
            </a>
          </dd>
        </div>
      </dl>
      <div className="storeside-inline-form">
        <Link href={`/product-tables/tables/${record.id}`} className="components-button is-primary">
          {__('Edit the table', 'storeside')}
        </Link>
        <Link href="/product-tables/tables" className="components-button is-secondary">
          {__('All tables', 'storeside')}
        </Link>
      </div>
    </>
  );
}
