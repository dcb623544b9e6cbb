import { Button, SelectControl, Spinner, TabPanel, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { fieldErrors } from '../../../admin/api.js';
import {
  FORM_SOURCE,
  useApiQuery,
  useErrorNotice,
  useFirstAnswer,
} from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { flashNotice } from '../../../admin/components/flash-notice.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import { useUnsavedChangesWarning } from '../../../admin/components/use-unsaved-changes.js';
import { ColumnsEditor } from './columns-editor.js';
import { CopyButton } from './copy-button.js';
import { DisplayPanel } from './display-panel.js';
import { LivePreview } from './live-preview.js';
import { OptionsPanel } from './options-panel.js';
import { deleteTable, fetchTable, saveTable, TABLES_NS, type TableRecord } from './product-tables-client.js';
import { SetupPanel } from './setup-panel.js';
import { draftFromRecord, draftInput, edit, type TableDraft } from './table-draft.js';
import { STATUS_LABELS, optionsOf } from './table-labels.js';
import './product-tables.css';
import { errorMessage } from '../../../admin/components/request-error.js';

const TABS = [
  { name: 'table', title: __('Table', 'storeside') },
  { name: 'display', title: __('Display', 'storeside') },
  { name: 'options', title: __('Options', 'storeside') },
];

/** A table's editor: tabs Table / Display / Options under a bar that keeps the name, status, Save and Live Preview. */
export default function TableEditorScreen() {
  const id = Number(useParams<{ id: string }>().id);
  const notices = useNotices();
  const [, navigate] = useLocation();
  const [query, setQuery] = useQueryState();
  const [record, setRecord] = useState<TableRecord | null>(null);
  const [draft, setDraft] = useState<TableDraft | null>(null);
  const [previewOpen, setPreviewOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const tablePath = `${TABLES_NS}/tables/${id}`;
  const loaded = useApiQuery(tablePath, () => fetchTable(id), FORM_SOURCE);
  useErrorNotice(loaded.error);
  useFirstAnswer(tablePath, loaded.data, (found) => {
    setRecord(found);
    setDraft(draftFromRecord(found));
  });
  const dirty =
    record !== null &&
    draft !== null &&
    JSON.stringify(draftInput(draft)) !== JSON.stringify(draftInput(draftFromRecord(record)));
  useUnsavedChangesWarning(dirty);
  if (!draft || !record) return <Spinner />;

  const save = async () => {
    setBusy(true);
    try {
      const next = await saveTable(draftInput(draft));
      setRecord(next);
      setDraft(draftFromRecord(next));
      notices.show('success', __('Table saved.', 'storeside'));
    } catch (error) {
      const byField = Object.values(fieldErrors(error));
      notices.show('error', byField.length ? byField.join(' ') : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setConfirmDelete(false);
    try {
      await deleteTable(id);
      flashNotice('success', __('Table deleted.', 'storeside'));
      navigate('/product-tables/tables');
    } catch (error) {
      notices.showError(error);
    }
  };

  return (
    <>
      <ScreenHeader title={__('Edit Table', 'storeside')}>
        <CopyButton text={record.shortcode} label={__('Copy shortcode', 'storeside')} />
        <CopyButton text={record.permalink} label={__('Copy link', 'storeside')} />
      </ScreenHeader>
      <div className="ptables-editor-bar">
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Table name', 'storeside')}
          value={draft.title}
          onChange={(title) => setDraft({ ...draft, title })}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Status', 'storeside')}
          value={draft.status}
          options={optionsOf(STATUS_LABELS)}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        <Button
          variant="primary"
          __next40pxDefaultSize
          isBusy={busy}
          disabled={busy}
          accessibleWhenDisabled
          onClick={save}
        >
          {__('Save', 'storeside')}
        </Button>
        <Button
          variant="secondary"
          __next40pxDefaultSize
          aria-pressed={previewOpen}
          onClick={() => setPreviewOpen(!previewOpen)}
        >
          {__('Live Preview', 'storeside')}
        </Button>
        <span className="storeside-muted" aria-live="polite">
          {dirty ? __('Unsaved changes', 'storeside') : __('All changes saved', 'storeside')}
        </span>
        <Button variant="tertiary" isDestructive onClick={() => setConfirmDelete(true)}>
          {__('Delete table', 'storeside')}
        </Button>
      </div>
      <div className="ptables-editor">
        <TabPanel
          className="ptables-tabs"
          tabs={TABS}
          initialTabName={TABS.some((t) => t.name === query.tab) ? query.tab : 'table'}
          onSelect={(tab) => {
            if ((query.tab ?? 'table') !== tab) setQuery({ tab: tab === 'table' ? undefined : tab });
          }}
        >
          {(tab) => (
            <div className="storeside-panel">
              {tab.name === 'table' ? (
                <>
                  <SetupPanel draft={draft} onChange={setDraft} withTitle={false} />
                  <h2>{__('Columns', 'storeside')}</h2>
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
                </>
              ) : null}
              {tab.name === 'display' ? (
                <DisplayPanel style={draft.style} onChange={(style) => setDraft({ ...draft, style })} />
              ) : null}
              {tab.name === 'options' ? (
                <OptionsPanel
                  settings={draft.settings}
                  onChange={(settings) => setDraft({ ...draft, settings })}
                />
              ) : null}
            </div>
          )}
        </TabPanel>
        {previewOpen ? <LivePreview draft={draft} /> : null}
      </div>
      {confirmDelete ? (
        <ConfirmDialog
          title={__('Delete table', 'storeside')}
          message={__(
            'Delete this table for good? Pages showing its shortcode will show nothing.',
            'storeside',
          )}
          confirmLabel={__('Delete', 'storeside')}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={remove}
        />
      ) : null}
    </>
  );
}
