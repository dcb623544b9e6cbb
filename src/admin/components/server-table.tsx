import { Button, SelectControl } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import type { CollectionPage } from '../api.js';
import { PAGE_SIZES, type ListSort } from './list-query.js';

/** One column of a server-paged table. */
export interface Column<Item> {
  id: string;
  /** The header: text, or a control such as "select all shown". */
  label: ReactNode;
  render: (item: Item) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** The server's `orderby` value when the list can be sorted by this column. */
  sort?: string;
}

/** A server-paged list: the rows of one page, the exact total, and paging that the caller keeps in the URL. */
export function ServerTable<Item>(props: {
  /** The table's caption, e.g. "Ledger entries". */
  label: string;
  columns: Column<Item>[];
  page: CollectionPage<Item> | null;
  loading: boolean;
  pageNumber: number;
  perPage: number;
  onPaging: (page: number, perPage: number) => void;
  getItemId: (item: Item) => string;
  /** What the total counts: `%s entry` / `%s entries`. */
  countLabel: [single: string, plural: string];
  empty?: string;
  /** The page sizes offered (20, 50 and 100 unless given); one size offers no choice. */
  pageSizes?: number[];
  /** The sort in use, and how to change it (a sortable column's header is then a button). */
  sort?: ListSort | null;
  onSort?: (sort: ListSort) => void;
  /** False for a list read whole (one page): no paging controls. */
  paged?: boolean;
}) {
  const pageSizes = props.pageSizes ?? PAGE_SIZES;
  const total = props.page?.total ?? 0;
  const totalPages = Math.max(1, props.page?.totalPages ?? 1);
  const items = props.page?.items ?? [];
  return (
    <div className="storeside-list" aria-busy={props.loading}>
      <p className="storeside-muted" aria-live="polite">
        {props.page
          ? _n(props.countLabel[0], props.countLabel[1], total, 'storeside').replace(
              '%s',
              total.toLocaleString(),
            )
          : __('Loading…', 'storeside')}
      </p>
      <table className="storeside-table">
        <caption className="screen-reader-text">{props.label}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={column.numeric ? 'num' : undefined}
                aria-sort={sortState(column, props.sort)}
              >
                {column.sort && props.onSort ? (
                  <SortButton column={column} sort={props.sort ?? null} onSort={props.onSort} />
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.page && items.length === 0 ? (
            <tr>
              <td colSpan={props.columns.length}>{props.empty ?? __('Nothing found.', 'storeside')}</td>
            </tr>
          ) : (
            items.map((item) => (
              <tr key={props.getItemId(item)}>
                {props.columns.map((column) => (
                  <td key={column.id} className={column.numeric ? 'num' : undefined}>
                    {column.render(item)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {props.paged === false ? null : (
        <nav className="storeside-pagination" aria-label={sprintf(__('%s pages', 'storeside'), props.label)}>
          {pageSizes.length > 1 ? (
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Per page', 'storeside')}
              labelPosition="side"
              value={String(props.perPage)}
              options={pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
              onChange={(value) => props.onPaging(1, Number(value))}
            />
          ) : null}
          <Button
            variant="secondary"
            accessibleWhenDisabled
            disabled={props.pageNumber <= 1}
            onClick={() => props.onPaging(props.pageNumber - 1, props.perPage)}
          >
            {__('Previous page', 'storeside')}
          </Button>
          <span>
            {sprintf(
              __('Page %1$s of %2$s', 'storeside'),
              props.pageNumber.toLocaleString(),
              totalPages.toLocaleString(),
            )}
          </span>
          <Button
            variant="secondary"
            accessibleWhenDisabled
            disabled={props.pageNumber >= totalPages}
            onClick={() => props.onPaging(props.pageNumber + 1, props.perPage)}
          >
            {__('Next page', 'storeside')}
          </Button>
        </nav>
      )}
    </div>
  );
}

function sortState(column: Pick<Column<unknown>, 'sort' | 'label'>, sort: ListSort | null | undefined) {
  if (!column.sort || sort?.orderby !== column.sort) return undefined;
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

/** A sortable column's header: the first click sorts ascending, the next one reverses. */
function SortButton(props: {
  column: Pick<Column<unknown>, 'sort' | 'label'>;
  sort: ListSort | null;
  onSort: (sort: ListSort) => void;
}) {
  const current = props.sort && props.sort.orderby === props.column.sort ? props.sort.order : null;
  return (
    <Button
      variant="link"
      className="storeside-sort"
      onClick={() => props.onSort({ orderby: props.column.sort!, order: current === 'asc' ? 'desc' : 'asc' })}
    >
      {props.column.label}
      <span aria-hidden="true">{current === 'asc' ? ' ▲' : current === 'desc' ? ' ▼' : ''}</span>
    </Button>
  );
}
