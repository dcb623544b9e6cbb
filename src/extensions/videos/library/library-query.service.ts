import { type EncodedBody, encoded } from '../../../platform/http/encoded-body.js';
import { invalid } from '../../../platform/http/errors.js';
import type { ExtensionContext } from '../../define-extension.js';
import { assignmentsOfVideos } from '../assignments/assignments.repository.js';
import { LIBRARY_SORTS, positionOf, searchLibrary, sortLibrary, startAfter } from './library-index.js';
import { allLibraryRows, type LibraryRow, type LibrarySort } from './library.repository.js';
import { declareCache } from '../../../platform/cache/cache-layer.js';
import type { TopicCache } from '../../../platform/cache/topic-cache.js';
import { VIDEOS_TOPICS } from '../videos.topics.js';
import { SHOP_TOPICS } from '../../../shop/shop-api.js';

/** Videos per page of the library listing. */
export const LIBRARY_PAGE_SIZE = 50;

/**
 * What a page of the listing is made of: the library and its assignments, and the products' names. The route
 * declares them (`config.cache`), and the pages cached here hold while their versions do.
 */
export const LIBRARY_LISTING_TOPICS = [VIDEOS_TOPICS.library, SHOP_TOPICS.catalog] as const;
/** What the in-memory snapshot of the library and its sorted and searched lists are made of: the library rows. */
const SNAPSHOT_TOPICS = [VIDEOS_TOPICS.library] as const;
/** Every library row, read once per version of the library and kept while it holds. */
const LIBRARY_ROWS = declareCache<LibraryRow[]>({
  topics: SNAPSHOT_TOPICS,
  max: 1,
  ttlMs: Number.POSITIVE_INFINITY,
});
/** The library in each sort order, sorted once per version. */
const LIBRARY_SORTED = declareCache<LibraryRow[]>({
  topics: SNAPSHOT_TOPICS,
  max: LIBRARY_SORTS.length,
  ttlMs: Number.POSITIVE_INFINITY,
});
/** The matches of the most recent searches, by sort and search. */
const LIBRARY_SEARCHES = declareCache<LibraryRow[]>({
  topics: SNAPSHOT_TOPICS,
  max: 200,
  ttlMs: Number.POSITIVE_INFINITY,
});
/** Pages of the listing, kept ten minutes at most (their topics keep them current meanwhile). */
const LIBRARY_PAGES = declareCache<PageEntry>({ topics: LIBRARY_LISTING_TOPICS, max: 1_000, ttlMs: 600_000 });

/** A library video as the listing shows it. */
export interface LibraryVideoView {
  id: string;
  title: string;
  description: string;
  thumbnail_url: string;
  published_at: string;
  duration: string;
  duration_seconds: number;
  view_count: number;
  products: Array<{ id: number; name: string }>;
  is_assigned: boolean;
  assigned_count: number;
}

/** One page of the listing. */
export interface LibraryPage {
  videos: LibraryVideoView[];
  next_page_token: string | null;
  total: number;
  can_search: boolean;
}

interface PageEntry {
  page: LibraryPage;
  body?: EncodedBody;
}

interface Cursor {
  s: LibrarySort;
  q: string;
  k: string | number;
  i: string;
}

/**
 * The local library listing: search, true sorts over every video, opaque keyset cursors (50 per page), served
 * from an in-memory snapshot of the library and a page cache, both kept while the platform's data versions of
 * their topics hold (so a change through any instance is seen as soon as that instance's commit is).
 */
export class LibraryQueryService {
  private readonly pages: TopicCache<PageEntry>;
  private readonly rows: TopicCache<LibraryRow[]>;
  private readonly sorted: TopicCache<LibraryRow[]>;
  private readonly searches: TopicCache<LibraryRow[]>;

  constructor(private readonly ctx: ExtensionContext) {
    this.pages = ctx.caches.of(LIBRARY_PAGES);
    this.rows = ctx.caches.of(LIBRARY_ROWS);
    this.sorted = ctx.caches.of(LIBRARY_SORTED);
    this.searches = ctx.caches.of(LIBRARY_SEARCHES);
  }

  /** One page of the library with its total and the next page's token (null on the last page). */
  async list(input: { search?: string; sort?: LibrarySort; page_token?: string }): Promise<LibraryPage> {
    return (await this.entry(input)).page;
  }

  /** The same page as an encoded JSON body (serialized, and compressed on demand, once per cached page). */
  async listBody(input: { search?: string; sort?: LibrarySort; page_token?: string }): Promise<EncodedBody> {
    const entry = await this.entry(input);
    entry.body ??= encoded(JSON.stringify(entry.page));
    return entry.body;
  }

  private async entry(input: {
    search?: string;
    sort?: LibrarySort;
    page_token?: string;
  }): Promise<PageEntry> {
    const search = (input.search ?? '').trim().toLowerCase();
    const sort = input.sort ?? 'date_desc';
    const cursor = input.page_token ? decodeCursor(input.page_token, sort, search) : null;
    // Taken before any read: a page read across a change (null while a write here is not yet seen committed)
    // is answered but not kept.
    const cacheKey = [sort, search, input.page_token ?? ''];
    const cached = this.pages.get(cacheKey);
    if (cached) return cached;
    const stamp = this.pages.stamp();
    const matches = await this.matching(sort, search);
    const start = cursor ? startAfter(matches, sort, { key: cursor.k, id: cursor.i }) : 0;
    const rows = matches.slice(start, start + LIBRARY_PAGE_SIZE);
    const last = rows.at(-1);
    let next: string | null = null;
    if (last && start + LIBRARY_PAGE_SIZE < matches.length) {
      const position = positionOf(last, sort);
      next = encodeCursor({ s: sort, q: search, k: position.key, i: position.id });
    }
    const page = {
      videos: await this.withProducts(rows),
      next_page_token: next,
      total: matches.length,
      can_search: true,
    };
    const entry: PageEntry = { page };
    this.pages.set(cacheKey, entry, stamp);
    return entry;
  }

  /** Adds each video's assigned products (id, name) to library rows. */
  async withProducts(rows: LibraryRow[]): Promise<LibraryVideoView[]> {
    const assignments = await assignmentsOfVideos(
      this.ctx.db,
      rows.map((r) => r.video_id),
    );
    const productIds = [...new Set(assignments.map((a) => a.product_id))];
    const names = new Map(
      productIds.length > 0
        ? (await this.ctx.shop.getProducts(productIds)).map((p) => [p.id, p.name] as const)
        : [],
    );
    const byVideo = new Map<string, Array<{ id: number; name: string }>>();
    for (const a of assignments) {
      const name = names.get(a.product_id);
      if (name === undefined) continue;
      const list = byVideo.get(a.video_id) ?? [];
      list.push({ id: a.product_id, name });
      byVideo.set(a.video_id, list);
    }
    return rows.map((row) => {
      const products = byVideo.get(row.video_id) ?? [];
      return {
        ...videoView(row),
        products,
        is_assigned: products.length > 0,
        assigned_count: products.length,
      };
    });
  }

  /**
   * The videos matching `search` (lower case; '' = all) in `sort` order, from the library snapshot: the rows are
   * read once per version of the library (concurrent readers share the read), each sort and each recent search
   * is computed once per version.
   */
  private async matching(sort: LibrarySort, search: string): Promise<LibraryRow[]> {
    const stamp = this.sorted.stamp();
    const rows = await this.rows.getOrCompute('library', () => allLibraryRows(this.ctx.db));
    let sorted = this.sorted.get(sort);
    if (!sorted) {
      sorted = sortLibrary(rows, sort);
      this.sorted.set(sort, sorted, stamp);
    }
    if (!search) return sorted;
    const key = [sort, search];
    let found = this.searches.get(key);
    if (!found) {
      found = searchLibrary(sorted, search);
      this.searches.set(key, found, stamp);
    }
    return found;
  }
}

/** The public fields of a library row. */
export function videoView(row: LibraryRow) {
  return {
    id: row.video_id,
    title: row.title,
    description: row.description,
    thumbnail_url: row.thumbnail_url,
    published_at: `${row.published_at.replace(' ', 'T')}Z`,
    duration: row.duration,
    duration_seconds: row.duration_seconds,
    view_count: Number(row.view_count),
  };
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(token: string, sort: LibrarySort, search: string): Cursor {
  let cursor: Partial<Cursor> | null = null;
  try {
    cursor = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    cursor = null;
  }
  const valid =
    cursor !== null &&
    typeof cursor === 'object' &&
    cursor.s === sort &&
    cursor.q === search &&
    typeof cursor.i === 'string' &&
    (typeof cursor.k === 'string' || typeof cursor.k === 'number');
  if (!valid)
    throw invalid(
      'page_token',
      'format',
      'page_token is not a token of this listing (same search and sort).',
    );
  return cursor as Cursor;
}
