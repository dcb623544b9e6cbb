import type { LibraryRow, LibrarySort } from './library.repository.js';

const SORTS: Record<LibrarySort, { key: (row: LibraryRow) => string | number; desc: boolean }> = {
  date_desc: { key: (r) => r.published_at, desc: true },
  date_asc: { key: (r) => r.published_at, desc: false },
  title_asc: { key: (r) => r.title_sort, desc: false },
  title_desc: { key: (r) => r.title_sort, desc: true },
  view_count: { key: (r) => Number(r.view_count), desc: true },
};
/** Every sort order of the listing. */
export const LIBRARY_SORTS = Object.keys(SORTS) as LibrarySort[];

/** Where a page starts: the sort key and id of the last video of the previous page. */
export interface LibraryPosition {
  key: string | number;
  id: string;
}

/** Every video in `sort` order: a true sort over all of them, ties broken by id. */
export function sortLibrary(rows: readonly LibraryRow[], sort: LibrarySort): LibraryRow[] {
  return [...rows].sort((a, b) =>
    compare(SORTS[sort].key(a), a.video_id, SORTS[sort].key(b), b.video_id, sort),
  );
}

/** The videos of a sorted list whose title contains `search` (lower case), in the list's order. */
export function searchLibrary(sorted: readonly LibraryRow[], search: string): LibraryRow[] {
  return sorted.filter((row) => row.title_sort.includes(search));
}

/** Index of the first video after `position` in a list ordered by `sort` (binary search). */
export function startAfter(
  list: readonly LibraryRow[],
  sort: LibrarySort,
  position: LibraryPosition,
): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const row = list[mid]!;
    if (compare(SORTS[sort].key(row), row.video_id, position.key, position.id, sort) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The position of a video (what a cursor remembers). */
export function positionOf(row: LibraryRow, sort: LibrarySort): LibraryPosition {
  return { key: SORTS[sort].key(row), id: row.video_id };
}

function compare(
  ka: string | number,
  ia: string,
  kb: string | number,
  ib: string,
  sort: LibrarySort,
): number {
  const direction = SORTS[sort].desc ? -1 : 1;
  if (ka !== kb) return (ka < kb ? -1 : 1) * direction;
  if (ia !== ib) return (ia < ib ? -1 : 1) * direction;
  return 0;
}
