import { Button, CheckboxControl, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useFlashNotice } from '../../../admin/components/flash-notice.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useDebouncedQueryValue } from '../../../admin/components/use-debounced-query-value.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import type { TableStatus } from '../config/table-config.schemas.js';
import { CopyButton } from './copy-button.js';
import { OnboardingPanel } from './onboarding-panel.js';
import { deleteTable, fetchTable, TABLES_NS, saveTable, type TableSummary } from './product-tables-client.js';
import { draftFromRecord, draftInput } from './table-draft.js';
import { optionsOf, SOURCE_LABELS, STATUS_LABELS } from './table-labels.js';
import './product-tables.css';

type Bulk = 'publish' | 'draft' | 'delete';

/** The tables: search, Status and Source filters (in the URL), bulk and row actions, copyable shortcode and link. */
export default function TablesScreen() {
  useFlashNotice();
  const notices = useNotices();
  const [query, setQuery] = useQueryState();
  const [search, setSearch] = useDebouncedQueryValue(query, setQuery, 's');
  const loaded = useApiQuery<TableSummary[]>(`${TABLES_NS}/tables`);
  useErrorNotice(loaded.error);
  const tables = loaded.data ?? null;
  const invalidate = useInvalidate();
  const load = () => invalidate(`${TABLES_NS}/tables`);
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk, setBulk] = useState<Bulk | ''>('');
  const [confirm, setConfirm] = useState<{ ids: number[]; title: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const status = query.status ?? '';
  const source = query.source ?? '';
  const term = (query.s ?? '').trim().toLowerCase();
  const shown = (tables ?? []).filter(
    (t) =>
      (!status || t.status === status) &&
      (!source || t.source.type === source) &&
      (!term ||
        t.title.toLowerCase().includes(term) ||
        `#${t.id}` === term ||
        String(t.id) === term ||
        t.shortcode.toLowerCase().includes(term)),
  );
  const visibleSelected = selected.filter((id) => shown.some((t) => t.id === id));

  const run = async (label: string, work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      notices.show('success', label);
      setSelected([]);
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
      await load();
    }
  };
  const setStatus = (ids: number[], next: TableStatus) =>
    run(
      sprintf(_n('%d table updated.', '%d tables updated.', ids.length, 'storeside'), ids.length),
      async () => {
        for (const id of ids) await saveTable({ id, status: next });
      },
    );
  const remove = (ids: number[]) =>
    run(
      sprintf(_n('%d table deleted.', '%d tables deleted.', ids.length, 'storeside'), ids.length),
      async () => {
        for (const id of ids) await deleteTable(id);
      },
    );
  const duplicate = (table: TableSummary) =>
    run(sprintf(__('"%s" duplicated as a draft.', 'storeside'), table.title), async () => {
      const { id: _id, ...copy } = draftInput(draftFromRecord(await fetchTable(table.id)));
      await saveTable({
        ...copy,
        title: sprintf(__('%s (Copy)', 'storeside'), table.title),
        status: 'draft',
      });
    });
  const applyBulk = () => {
    if (!bulk || visibleSelected.length === 0) return;
    if (bulk === 'delete')
      setConfirm({
        ids: visibleSelected,
        title: sprintf(
          _n('%d table', '%d tables', visibleSelected.length, 'storeside'),
          visibleSelected.length,
        ),
      });
    else setStatus(visibleSelected, bulk);
  };

  return (
    <>
      <ScreenHeader title={__('Product Tables', 'storeside')}>
        <Link href="/product-tables/new" className="components-button is-primary">
          {__('Add New Table', 'storeside')}
        </Link>
      </ScreenHeader>
      {tables === null ? (
        <Spinner />
      ) : tables.length === 0 ? (
        <div className="storeside-panel ptables-empty">
          <h2>{__('No product tables yet', 'storeside')}</h2>
          <p>
            {__(
              'A product table lists products with their prices and add-to-cart buttons on one page. The wizard builds one in five steps.',
              'storeside',
            )}
          </p>
          <Link href="/product-tables/new" className="components-button is-primary">
            {__('Create your first table', 'storeside')}
          </Link>
        </div>
      ) : (
        <>
          <OnboardingPanel />
          <fieldset className="storeside-filters">
            <legend className="screen-reader-text">{__('Filter tables', 'storeside')}</legend>
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Search tables', 'storeside')}
              value={search}
              onChange={setSearch}
            />
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Status', 'storeside')}
              value={status}
              options={withAll(__('All statuses', 'storeside'), optionsOf(STATUS_LABELS))}
              onChange={(value) => setQuery({ status: value })}
            />
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Source', 'storeside')}
              value={source}
              options={withAll(__('All sources', 'storeside'), optionsOf(SOURCE_LABELS))}
              onChange={(value) => setQuery({ source: value })}
            />
          </fieldset>
          <div className="storeside-filters">
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Bulk action', 'storeside')}
              value={bulk}
              options={[
                { value: '', label: __('Choose an action', 'storeside') },
                { value: 'publish', label: __('Publish', 'storeside') },
                { value: 'draft', label: __('Move to drafts', 'storeside') },
                { value: 'delete', label: __('Delete', 'storeside') },
              ]}
              onChange={(value) => setBulk(value as Bulk | '')}
            />
            <Button
              variant="secondary"
              __next40pxDefaultSize
              accessibleWhenDisabled
              disabled={busy || !bulk || visibleSelected.length === 0}
              onClick={applyBulk}
            >
              {__('Apply', 'storeside')}
            </Button>
            <span className="storeside-muted" aria-live="polite">
              {sprintf(__('%d selected', 'storeside'), visibleSelected.length)}
            </span>
          </div>
          <p className="storeside-muted" aria-live="polite">
            {sprintf(_n('%d table', '%d tables', shown.length, 'storeside'), shown.length)}
          </p>
          <table className="storeside-table ptables-list">
            <caption className="screen-reader-text">{__('Product tables', 'storeside')}</caption>
            <thead>
              <tr>
                <th scope="col" className="ptables-check">
                  <CheckboxControl
                    __nextHasNoMarginBottom
                    label={__('Select all', 'storeside')}
                    checked={shown.length > 0 && visibleSelected.length === shown.length}
                    onChange={(on) => setSelected(on ? shown.map((t) => t.id) : [])}
                  />
                </th>
                <th scope="col">{__('Title', 'storeside')}</th>
                <th scope="col">{__('Status', 'storeside')}</th>
                <th scope="col">{__('Source', 'storeside')}</th>
                <th scope="col" className="num">
                  {__('Products', 'storeside')}
                </th>
                <th scope="col">{__('Shortcode and link', 'storeside')}</th>
                <th scope="col">{__('Modified', 'storeside')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.length === 0 ? (
                <tr>
                  <td colSpan={7}>{__('No tables match these filters.', 'storeside')}</td>
                </tr>
              ) : (
                shown.map((table) => (
                  <tr key={table.id}>
                    <td className="ptables-check">
                      <CheckboxControl
                        __nextHasNoMarginBottom
                        label={sprintf(__('Select %s', 'storeside'), table.title)}
                        checked={selected.includes(table.id)}
                        onChange={(on) =>
                          setSelected(on ? [...selected, table.id] : selected.filter((id) => id !== table.id))
                        }
                      />
                    </td>
                    <td>
                      <Link href={`/product-tables/tables/${table.id}`} className="ptables-title">
                        {table.title || __('(no title)', 'storeside')}
                      </Link>
                      <div className="ptables-row-actions">
                        <Link href={`/product-tables/tables/${table.id}`}>{__('Edit', 'storeside')}</Link>
                        <Button variant="link" onClick={() => duplicate(table)} disabled={busy}>
                          {__('Duplicate', 'storeside')}
                        </Button>
                        <Button
                          variant="link"
                          isDestructive
                          onClick={() => setConfirm({ ids: [table.id], title: `"${table.title}"` })}
                        >
                          {__('Delete', 'storeside')}
                        </Button>
                      </div>
                    </td>
                    <td>
                      <span className={`storeside-badge ptables-status-${table.status}`}>
                        {STATUS_LABELS[table.status]}
                      </span>
                    </td>
                    <td>{SOURCE_LABELS[table.source.type]}</td>
                    <td className="num">{table.product_count.toLocaleString()}</td>
                    <td>
                      <div className="ptables-copies">
                        <CopyButton text={table.shortcode} label={__('Copy shortcode', 'storeside')} />
                        <CopyButton
                          text={`${window.location.origin}/product-table/${table.id}`}
                          label={__('Copy link', 'storeside')}
                        />
                      </div>
                    </td>
                    <td>{table.modified.replace('T', ' ')}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </>
      )}
      {confirm ? (
        <ConfirmDialog
          title={__('Delete tables', 'storeside')}
          message={sprintf(__('Delete %s for good? This cannot be undone.', 'storeside'), confirm.title)}
          confirmLabel={__('Delete', 'storeside')}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const ids = confirm.ids;
            setConfirm(null);
            remove(ids);
          }}
        />
      ) : null}
    </>
  );
}

/** A filter's options: "all" (empty value) first. */
function withAll(label: string, options: Array<{ value: string; label: string }>) {
  return [{ value: '', label }, ...options];
}
