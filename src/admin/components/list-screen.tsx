import { __ } from '@wordpress/i18n';
import { type ReactNode, useEffect, useState } from 'react';
import type { CollectionPage } from '../api.js';
import { useApiPage, useErrorNotice } from './api-query.js';
import { type BulkActions, BulkActionBar, selectColumn } from './bulk-actions.js';
import type { ListQuery } from './list-query.js';
import { type Column, ServerTable } from './server-table.js';

/** One page of a list as a screen shows it: the page (null until the first answer), whether a read runs, the error. */
export interface ListPage<Item> {
  page: CollectionPage<Item> | null;
  loading: boolean;
  error: unknown;
}

/**
 * A list screen's body: the filters (the screen's controls, which keep their values in the URL through `list`),
 * bulk actions with a confirmation, and the `ServerTable` of the page read through the query cache, with its
 * paging and sorting in the URL. A failed read is an error notice; one that fails before anything is shown also
 * takes the table's place.
 */
export function ListScreen<Item>(props: {
  list: ListQuery;
  /** The page on screen: `useListPage(path)`, or a list the screen read whole and filtered itself. */
  data: ListPage<Item>;
  /** The filter controls (`TextFilter`, `FilterSelect` or the screen's own). */
  filters?: ReactNode;
  /** Names the filters for screen readers: they become a fieldset with this legend. */
  filtersLegend?: string;
  bulk?: BulkActions<Item>;
  /** What sits between the filters and the table (an opened record, a notice). */
  children?: ReactNode;
  /** The table's caption, e.g. "Ledger entries". */
  label: string;
  columns: Column<Item>[];
  getItemId: (item: Item) => string;
  /** What the total counts: `%s entry` / `%s entries`. */
  countLabel: [single: string, plural: string];
  empty?: string;
  pageSizes?: number[];
  /** False for a list read whole: one page, no paging controls. */
  paged?: boolean;
}) {
  const { list, data, bulk, getItemId } = props;
  const [ticked, setTicked] = useState<string[]>([]);
  const selection = { ids: ticked, set: setTicked };
  const urlKey = JSON.stringify(list.values);
  // A new page, filter or sort starts with nothing ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL is what resets the selection
  useEffect(() => setTicked([]), [urlKey]);
  const items = data.page?.items ?? [];
  const columns = bulk ? [selectColumn(bulk, selection, getItemId), ...props.columns] : props.columns;
  const failedFirst = data.error && !data.page;

  return (
    <>
      {props.filters ? (
        props.filtersLegend ? (
          <fieldset className="storeside-filters">
            <legend className="screen-reader-text">{props.filtersLegend}</legend>
            {props.filters}
          </fieldset>
        ) : (
          <div className="storeside-filters">{props.filters}</div>
        )
      ) : null}
      {bulk ? <BulkActionBar bulk={bulk} items={items} selection={selection} getItemId={getItemId} /> : null}
      {props.children}
      {failedFirst ? (
        <p className="storeside-muted">{__('The list could not be loaded.', 'storeside')}</p>
      ) : (
        <ServerTable<Item>
          label={props.label}
          countLabel={props.countLabel}
          columns={columns}
          page={data.page}
          loading={data.loading}
          pageNumber={list.page}
          perPage={list.perPage}
          onPaging={list.setPaging}
          sort={list.sort}
          onSort={list.setSort}
          getItemId={getItemId}
          empty={props.empty ?? __('Nothing found.', 'storeside')}
          pageSizes={props.pageSizes}
          paged={props.paged}
        />
      )}
    </>
  );
}

/**
 * One page of a collection route through the query cache (read by `load` when the route pages its own way), its
 * failure shown as an error notice.
 */
export function useListPage<Item>(
  path: string | null,
  load?: () => Promise<CollectionPage<Item>>,
): ListPage<Item> {
  const read = useApiPage<Item>(path, load);
  useErrorNotice(read.error);
  return read;
}
