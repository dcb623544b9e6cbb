import { Button, Spinner } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useFlashNotice } from '../../../admin/components/flash-notice.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { BulkActions } from '../../../admin/components/bulk-actions.js';
import { FilterSelect, TextFilter } from '../../../admin/components/list-filters.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen } from '../../../admin/components/list-screen.js';
import type { Column } from '../../../admin/components/server-table.js';
import type { TableStatus } from '../config/table-config.schemas.js';
import { CopyButton } from './copy-button.js';
import { OnboardingPanel } from './onboarding-panel.js';
import { deleteTable, fetchTable, TABLES_NS, saveTable, type TableSummary } from './product-tables-client.js';
import { draftFromRecord, draftInput } from './table-draft.js';
import { optionsOf, SOURCE_LABELS, STATUS_LABELS } from './table-labels.js';
import './product-tables.css';

/** The tables: search, Status and Source filters (in the URL), bulk and row actions, copyable shortcode and link. */
export default function TablesScreen() {
  useFlashNotice();
  const notices = useNotices();
  const list = useListQuery();
  const query = list.values;
  const loaded = useApiQuery<TableSummary[]>(`${TABLES_NS}/tables`);
  useErrorNotice(loaded.error);
  const tables = loaded.data ?? null;
  const invalidate = useInvalidate();
  const load = () => invalidate(`${TABLES_NS}/tables`);
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

  const run = async (label: string, work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      notices.show('success', label);
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
  const bulk: BulkActions<TableSummary> = {
    actions: [
      { value: 'publish', label: __('Publish', 'storeside') },
      { value: 'draft', label: __('Move to drafts', 'storeside') },
      { value: 'delete', label: __('Delete', 'storeside') },
    ],
    selectAllLabel: __('Select all tables', 'storeside'),
    rowLabel: (table) => sprintf(__('Select %s', 'storeside'), table.title),
    confirm: (action, items) =>
      action === 'delete'
        ? {
            title: __('Delete tables', 'storeside'),
            message: sprintf(
              __('Delete %s for good? This cannot be undone.', 'storeside'),
              sprintf(_n('%d table', '%d tables', items.length, 'storeside'), items.length),
            ),
            confirmLabel: __('Delete', 'storeside'),
          }
        : null,
    run: (action, items) => {
      const ids = items.map((table) => table.id);
      return action === 'delete' ? remove(ids) : setStatus(ids, action as TableStatus);
    },
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
          <ListScreen<TableSummary>
            list={list}
            data={{ page: { items: shown, total: shown.length, totalPages: 1 }, loading: false, error: null }}
            paged={false}
            filtersLegend={__('Filter tables', 'storeside')}
            filters={
              <>
                <TextFilter list={list} param="s" label={__('Search tables', 'storeside')} />
                <FilterSelect
                  list={list}
                  param="status"
                  label={__('Status', 'storeside')}
                  all={__('All statuses', 'storeside')}
                  options={optionsOf(STATUS_LABELS)}
                />
                <FilterSelect
                  list={list}
                  param="source"
                  label={__('Source', 'storeside')}
                  all={__('All sources', 'storeside')}
                  options={optionsOf(SOURCE_LABELS)}
                />
              </>
            }
            bulk={bulk}
            label={__('Product tables', 'storeside')}
            countLabel={['%s table', '%s tables']}
            columns={tableColumns({ busy, duplicate, askDelete: setConfirm })}
            getItemId={(table) => String(table.id)}
            empty={__('No tables match these filters.', 'storeside')}
          />
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

function tableColumns(actions: {
  busy: boolean;
  duplicate: (table: TableSummary) => void;
  askDelete: (confirm: { ids: number[]; title: string }) => void;
}): Column<TableSummary>[] {
  return [
    {
      id: 'title',
      label: __('Title', 'storeside'),
      render: (table) => (
        <>
          <Link href={`/product-tables/tables/${table.id}`} className="ptables-title">
            {table.title || __('(no title)', 'storeside')}
          </Link>
          <div className="ptables-row-actions">
            <Link href={`/product-tables/tables/${table.id}`}>{__('Edit', 'storeside')}</Link>
            <Button variant="link" onClick={() => actions.duplicate(table)} disabled={actions.busy}>
              {__('Duplicate', 'storeside')}
            </Button>
            <Button
              variant="link"
              isDestructive
              onClick={() => actions.askDelete({ ids: [table.id], title: `"${table.title}"` })}
            >
              {__('Delete', 'storeside')}
            </Button>
          </div>
        </>
      ),
    },
    {
      id: 'status',
      label: __('Status', 'storeside'),
      render: (table) => (
        <span className={`storeside-badge ptables-status-${table.status}`}>
          {STATUS_LABELS[table.status]}
        </span>
      ),
    },
    { id: 'source', label: __('Source', 'storeside'), render: (table) => SOURCE_LABELS[table.source.type] },
    {
      id: 'products',
      label: __('Products', 'storeside'),
      numeric: true,
      render: (table) => table.product_count.toLocaleString(),
    },
    {
      id: 'copies',
      label: __('Shortcode and link', 'storeside'),
      render: (table) => (
        <div className="ptables-copies">
          <CopyButton text={table.shortcode} label={__('Copy shortcode', 'storeside')} />
          <CopyButton
            text={`${window.location.origin}/product-table/${table.id}`}
            label={__('Copy link', 'storeside')}
          />
        </div>
      ),
    },
    {
      id: 'modified',
      label: __('Modified', 'storeside'),
      render: (table) => table.modified.replace('T', ' '),
    },
  ];
}
