import { TtlCache } from '../../platform/cache/ttl-cache.js';
import { type EncodedBody, encoded } from '../../platform/http/encoded-body.js';
import { invalid } from '../../platform/http/errors.js';
import type { ExtensionContext } from '../define-extension.js';
import { assignmentsOfVideos } from './assignments.repository.js';
import { LibraryIndex } from './library-index.js';
import { allLibraryRows, type LibraryRow, type LibrarySort, readVersions } from './library.repository.js';
import './videos.events.js';

/** Videos per page of the library listing. */
export const LIBRARY_PAGE_SIZE = 50;

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
  key: string;
  page: LibraryPage;
  body?: EncodedBody;
}

interface Cursor {
  s: LibrarySort;
  q: string;
  k: string | number;
  i: string;
}

// Other instances' changes are noticed within REVALIDATE_MS (the change counters live in the database);
// this instance's own changes at once (events). Product names in cached pages refresh within PAGE_TTL_MS.
const REVALIDATE_MS = 250;
const PAGE_TTL_MS = 5_000;
const MAX_CACHED_PAGES = 1_000;

/**
 * The local library listing: search, true sorts over every video, opaque keyset cursors (50 per page), served
 * from an in-memory snapshot rebuilt when the library's change counter moves.
 */
export class LibraryQueryService {
  private index: LibraryIndex | null = null;
  private versions = { library: -1, assignments: -1 };
  private checkedAt = 0;
  private refreshing: Promise<void> | null = null;
  private readonly pages = new TtlCache<PageEntry>({
    maxEntries: MAX_CACHED_PAGES,
    now: () => performance.now(),
  });

  constructor(private readonly ctx: ExtensionContext) {
    const invalidate = () => {
      this.checkedAt = 0;
      this.pages.clear();
    };
    ctx.events.on('videos.library_synced', invalidate);
    ctx.events.on('videos.assignments_changed', invalidate);
    ctx.events.on('videos.data_reset', invalidate);
  }

  /** One page of the library with its total and the next page's token (null on the last page). */
  async list(input: { search?: string; sort?: LibrarySort; page_token?: string }): Promise<LibraryPage> {
    return (await this.entry(input)).page;
  }

  /**
   * The same page as an encoded JSON body (serialized, and compressed on demand, once per cached page), with a
   * check that holds while this page is still the answer (cached, within its time, snapshot revalidated).
   */
  async listBody(input: {
    search?: string;
    sort?: LibrarySort;
    page_token?: string;
  }): Promise<{ body: EncodedBody; isFresh: () => boolean }> {
    const entry = await this.entry(input);
    entry.body ??= encoded(JSON.stringify(entry.page));
    const isFresh = () =>
      this.pages.get(entry.key) === entry && performance.now() - this.checkedAt < REVALIDATE_MS;
    return { body: entry.body, isFresh };
  }

  private async entry(input: {
    search?: string;
    sort?: LibrarySort;
    page_token?: string;
  }): Promise<PageEntry> {
    const search = (input.search ?? '').trim().toLowerCase();
    const sort = input.sort ?? 'date_desc';
    const cursor = input.page_token ? decodeCursor(input.page_token, sort, search) : null;
    // Taken before any read: a page read across a change (the snapshot's or the assignments') is not stored.
    const since = this.pages.stamp();
    const index = await this.fresh();
    const cacheKey = `${sort}\u0000${search}\u0000${input.page_token ?? ''}`;
    const cached = this.pages.get(cacheKey);
    if (cached) return cached;
    const matches = index.matching(sort, search);
    const start = cursor ? LibraryIndex.startAfter(matches, sort, { key: cursor.k, id: cursor.i }) : 0;
    const rows = matches.slice(start, start + LIBRARY_PAGE_SIZE);
    const last = rows.at(-1);
    let next: string | null = null;
    if (last && start + LIBRARY_PAGE_SIZE < matches.length) {
      const position = LibraryIndex.positionOf(last, sort);
      next = encodeCursor({ s: sort, q: search, k: position.key, i: position.id });
    }
    const page = {
      videos: await this.withProducts(rows),
      next_page_token: next,
      total: matches.length,
      can_search: true,
    };
    const entry: PageEntry = { key: cacheKey, page };
    this.pages.set(cacheKey, entry, PAGE_TTL_MS, since);
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

  /** The current snapshot, re-checking the change counters at most every REVALIDATE_MS (one refresh at a time). */
  private async fresh(): Promise<LibraryIndex> {
    if (this.index && performance.now() - this.checkedAt < REVALIDATE_MS) return this.index;
    this.refreshing ??= (async () => {
      try {
        const checkedAt = performance.now();
        const since = this.pages.stamp();
        const versions = await readVersions(this.ctx.db);
        const rebuilt = !this.index || versions.library !== this.versions.library;
        if (rebuilt) this.index = new LibraryIndex(await allLibraryRows(this.ctx.db));
        // A change announced here while reading (an event) is checked again by the next request.
        const interrupted = this.pages.stamp() !== since;
        if (rebuilt || versions.assignments !== this.versions.assignments) this.pages.clear();
        this.versions = versions;
        this.checkedAt = interrupted ? 0 : checkedAt;
      } finally {
        this.refreshing = null;
      }
    })();
    await this.refreshing;
    return this.index!;
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
