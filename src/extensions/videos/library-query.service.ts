import { invalid } from '../../platform/http/errors.js';
import type { ExtensionContext } from '../define-extension.js';
import { assignmentsOfVideos } from './assignments.repository.js';
import {
  countLibrary,
  type LibraryRow,
  type LibrarySort,
  listLibrary,
  sortKey,
} from './library.repository.js';

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

interface Cursor {
  s: LibrarySort;
  q: string;
  k: string | number;
  i: string;
}

/** The local library: search, true sorts over every video, opaque keyset cursors (50 per page). */
export class LibraryQueryService {
  constructor(private readonly ctx: ExtensionContext) {}

  /** One page of the library with its total and the next page's token (null on the last page). */
  async list(input: { search?: string; sort?: LibrarySort; page_token?: string }) {
    const search = (input.search ?? '').trim().toLowerCase();
    const sort = input.sort ?? 'date_desc';
    const cursor = input.page_token ? decodeCursor(input.page_token, sort, search) : null;
    const [rows, total] = await Promise.all([
      listLibrary(this.ctx.db, {
        search,
        sort,
        after: cursor ? { key: cursor.k, id: cursor.i } : null,
        limit: LIBRARY_PAGE_SIZE + 1,
      }),
      countLibrary(this.ctx.db, search),
    ]);
    const page = rows.slice(0, LIBRARY_PAGE_SIZE);
    const last = page.at(-1);
    const next =
      rows.length > LIBRARY_PAGE_SIZE && last
        ? encodeCursor({ s: sort, q: search, k: sortKey(last, sort), i: last.video_id })
        : null;
    return { videos: await this.withProducts(page), next_page_token: next, total, can_search: true };
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
