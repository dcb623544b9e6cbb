import { LRUCache } from 'lru-cache';
import type { LibraryRow, LibrarySort } from './library.repository.js';

const SORTS: Record<LibrarySort, { key: (row: LibraryRow) => string | number; desc: boolean }> = {
  date_desc: { key: (r) => r.published_at, desc: true },
  date_asc: { key: (r) => r.published_at, desc: false },
  title_asc: { key: (r) => r.title_sort, desc: false },
  title_desc: { key: (r) => r.title_sort, desc: true },
  view_count: { key: (r) => Number(r.view_count), desc: true },
};
const MAX_CACHED_SEARCHES = 200;

/** Where a page starts: the sort key and id of the last video of the previous page. */
export interface LibraryPosition {
  key: string | number;
  id: string;
}

/**
 * One library snapshot in memory: every sort is a true sort over all videos (ties broken by id), searches are
 * case-insensitive substring matches on titles; sorted and filtered lists are computed once and reused.
 */
export class LibraryIndex {
  private readonly sorted = new Map<LibrarySort, LibraryRow[]>();
  private readonly searches = new LRUCache<string, LibraryRow[]>({ max: MAX_CACHED_SEARCHES });

  constructor(private readonly rows: LibraryRow[]) {}

  /** Videos matching `search` (lower case; '' = all) in `sort` order. */
  matching(sort: LibrarySort, search: string): LibraryRow[] {
    let all = this.sorted.get(sort);
    if (!all) {
      all = [...this.rows].sort((a, b) =>
        compare(SORTS[sort].key(a), a.video_id, SORTS[sort].key(b), b.video_id, sort),
      );
      this.sorted.set(sort, all);
    }
    if (!search) return all;
    const cacheKey = `${sort}\u0000${search}`;
    let found = this.searches.get(cacheKey);
    if (!found) {
      found = all.filter((row) => row.title_sort.includes(search));
      this.searches.set(cacheKey, found);
    }
    return found;
  }

  /** Index of the first video after `position` in a list ordered by `sort` (binary search). */
  static startAfter(list: LibraryRow[], sort: LibrarySort, position: LibraryPosition): number {
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
  static positionOf(row: LibraryRow, sort: LibrarySort): LibraryPosition {
    return { key: SORTS[sort].key(row), id: row.video_id };
  }
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
