import { type Static, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { paginationQuery, setPaginationHeaders } from '../../platform/http/collection.js';
import { idList } from './id-list.js';
import { TERM_ORDER_BY, type TermFilter } from './term-filter.js';

/** Query of a `wc/v3` term list (`products/tags`, `products/attributes/{id}/terms`), as WooCommerce takes it. */
export const TermListQuery = Type.Object({
  ...paginationQuery(10),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  hide_empty: Type.Optional(Type.Boolean()),
  orderby: Type.Optional(Type.Union(TERM_ORDER_BY.map((v) => Type.Literal(v)))),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  include: Type.Optional(Type.Array(Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$' }))),
  exclude: Type.Optional(Type.Array(Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$' }))),
  product: Type.Optional(Type.Integer({ minimum: 1 })),
  slug: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Runs an insert or update; a unique-index violation (two writers racing past a slug check) becomes `error()`. */
export async function uniqueOr<T>(write: () => Promise<T>, error: () => Error): Promise<T> {
  try {
    return await write();
  } catch (cause) {
    const text = `${(cause as { code?: string }).code ?? ''} ${(cause as Error).message}`;
    if (/23505|UNIQUE|unique/.test(text)) throw error();
    throw cause;
  }
}

/** The filter of a term list request (`orderby` defaults to `name`, `order` to `asc`, as WordPress). */
export function termFilterFrom(
  q: Static<typeof TermListQuery>,
  defaultOrderBy: TermFilter['orderBy'],
): TermFilter {
  const page = q.page ?? 1;
  const perPage = q.per_page ?? 10;
  return {
    search: q.search?.trim() || undefined,
    hideEmpty: q.hide_empty,
    orderBy: q.orderby ?? defaultOrderBy,
    order: q.order ?? 'asc',
    include: idList(q.include),
    exclude: idList(q.exclude),
    productId: q.product,
    slug: q.slug,
    offset: (page - 1) * perPage + (q.offset ?? 0),
    limit: perPage,
  };
}

/** Sets the paging headers of a term list answer (`page`/`per_page` as the query gave them). */
export function setTermPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { total: number; query: Static<typeof TermListQuery>; publicUrl: string },
): void {
  setPaginationHeaders(request, reply, {
    total: input.total,
    page: input.query.page ?? 1,
    perPage: input.query.per_page ?? 10,
    publicUrl: input.publicUrl,
  });
}
