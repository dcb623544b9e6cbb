import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';

/** Query schema fragment for `page` and `per_page` (default per route, max 100). */
export function paginationQuery(defaultPerPage = 10, maxPerPage = 100) {
  return {
    page: Type.Optional(
      Type.Integer({ minimum: 1, default: 1, description: 'Current page of the collection.' }),
    ),
    per_page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: maxPerPage,
        default: defaultPerPage,
        description: 'Items per page.',
      }),
    ),
  };
}

/** Offset/limit of a page. */
export function pageWindow(page: number, perPage: number): { offset: number; limit: number } {
  return { offset: (page - 1) * perPage, limit: perPage };
}

/** Sets `X-WP-Total`, `X-WP-TotalPages` and a `Link` header with rel prev/next keeping every query parameter. */
export function setPaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { total: number; page: number; perPage: number; publicUrl: string },
): void {
  const totalPages = input.total === 0 ? 0 : Math.ceil(input.total / input.perPage);
  reply.header('X-WP-Total', String(input.total));
  reply.header('X-WP-TotalPages', String(totalPages));
  const url = request.originalUrl ?? request.url;
  const key = `${input.publicUrl}\n${url}\n${input.page}\n${totalPages}`;
  let link = linkHeaders.get(key);
  if (link === undefined) {
    const links: string[] = [];
    if (input.page > 1 && totalPages > 0)
      links.push(`<${pageUrl(url, input.publicUrl, Math.min(input.page - 1, totalPages))}>; rel="prev"`);
    if (input.page < totalPages) links.push(`<${pageUrl(url, input.publicUrl, input.page + 1)}>; rel="next"`);
    link = links.join(', ');
    linkHeaders.set(key, link);
  }
  if (link) reply.header('Link', link);
}

// Link headers already built, by public URL, request URL, page and page count: busy lists repeat them.
const linkHeaders = new LRUCache<string, string>({ max: 1000 });

function pageUrl(requestUrl: string, publicUrl: string, page: number): string {
  const url = new URL(requestUrl, `${publicUrl}/`);
  url.searchParams.set('page', String(page));
  return `${publicUrl}${url.pathname}${url.search}`;
}
