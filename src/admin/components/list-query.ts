import { useCallback, useState } from 'react';
import { useQueryState } from './use-query-state.js';

/** The page sizes a list offers unless it says otherwise. */
export const PAGE_SIZES = [20, 50, 100];

/** The order a list is sorted in: a server `orderby` value and its direction. */
export interface ListSort {
  orderby: string;
  order: 'asc' | 'desc';
}

/** What a list screen keeps in its URL: the filters, the page, the page size and the sort. */
export interface ListQuery {
  /** Every value of the query string. */
  values: Record<string, string>;
  /** Replaces the given keys (empty values are removed), keeping the page. */
  set: (changes: Record<string, string | number | undefined>) => void;
  /** Replaces the given filters and goes back to the first page. */
  filter: (changes: Record<string, string | number | undefined>) => void;
  page: number;
  perPage: number;
  setPaging: (page: number, perPage: number) => void;
  /** The sort chosen in the URL, or null for the route's own order. */
  sort: ListSort | null;
  setSort: (sort: ListSort) => void;
}

/**
 * A list's state in the URL (`paged`, `per_page`, `orderby`, `order` and the screen's filters), so a reload, a
 * shared link and back/forward show the same list; defaults are left out of the URL.
 */
export function useListQuery(options: ListOptions = {}): ListQuery {
  const [values, set] = useQueryState();
  return useListState(values, set, options);
}

/**
 * A list's state kept in the component rather than the URL, for a list that shares its screen with another one
 * (the agent tokens and the audit log on Agent Access).
 */
export function useLocalListQuery(options: ListOptions = {}): ListQuery {
  const [values, setValues] = useState<Record<string, string>>({});
  const set = useCallback((changes: Record<string, string | number | undefined>) => {
    setValues((old) => {
      const next = { ...old };
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') delete next[key];
        else next[key] = String(value);
      }
      return next;
    });
  }, []);
  return useListState(values, set, options);
}

interface ListOptions {
  defaultPerPage?: number;
  pageSizes?: number[];
}

function useListState(
  values: Record<string, string>,
  set: (changes: Record<string, string | number | undefined>) => void,
  options: ListOptions,
): ListQuery {
  const defaultPerPage = options.defaultPerPage ?? 20;
  const sizes = options.pageSizes ?? PAGE_SIZES;
  const asked = Number(values.per_page);
  const perPage = sizes.includes(asked) ? asked : defaultPerPage;
  const page = Math.max(1, Math.floor(Number(values.paged)) || 1);
  const filter = useCallback(
    (changes: Record<string, string | number | undefined>) => set({ ...changes, paged: undefined }),
    [set],
  );
  const setPaging = useCallback(
    (next: number, size: number) =>
      set({ paged: next > 1 ? next : undefined, per_page: size !== defaultPerPage ? size : undefined }),
    [set, defaultPerPage],
  );
  const setSort = useCallback(
    (sort: ListSort) => set({ orderby: sort.orderby, order: sort.order, paged: undefined }),
    [set],
  );
  const sort: ListSort | null = values.orderby
    ? { orderby: values.orderby, order: values.order === 'asc' ? 'asc' : 'desc' }
    : null;
  return { values, set, filter, page, perPage, setPaging, sort, setSort };
}

/** The URL's value when it is one of `options`, else undefined (a hand-edited URL filters nothing). */
export function knownValue(
  options: ReadonlyArray<{ value: string }>,
  value: string | undefined,
): string | undefined {
  return options.some((option) => option.value === value) ? value : undefined;
}

/** The `orderby`/`order` to send: the URL's sort when the screen offers it, else none (the route's own order). */
export function sortParams(sort: ListSort | null, offered: readonly string[]): Partial<ListSort> {
  return sort && offered.includes(sort.orderby) ? sort : {};
}
