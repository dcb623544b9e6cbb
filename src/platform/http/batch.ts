import { type Static, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { DELEGATION_HEADER, delegateCaller } from '../auth/delegation.js';
import type { AuthPolicy } from '../auth/principal.js';
import { RestError } from './errors.js';
import type { RestApp } from './server.js';

/** WooCommerce's default `woocommerce_rest_batch_items_limit`: create + update + delete items per batch. */
export const BATCH_ITEMS_LIMIT = 100;

const Item = Type.Object({}, { additionalProperties: true });

/** Body of a `…/batch` route: records to create, changes (each with its `id`) and ids to delete. */
export const BatchBody = Type.Object({
  create: Type.Optional(Type.Array(Item)),
  update: Type.Optional(Type.Array(Item)),
  delete: Type.Optional(Type.Array(Type.Union([Type.Integer(), Type.String()]))),
});

/** Answer of a `…/batch` route: per item its record as the single route answers it, or `{id, error}`. */
export const BatchResponse = Type.Object({
  create: Type.Optional(Type.Array(Type.Unknown())),
  update: Type.Optional(Type.Array(Type.Unknown())),
  delete: Type.Optional(Type.Array(Type.Unknown())),
});

/** What a batch route needs: its URL, where its single-item routes live, who may call it. */
export interface BatchRouteOptions {
  /** The batch route, e.g. `/wc/v3/coupons/batch` or `/wc/v3/products/:product_id/variations/batch`. */
  url: string;
  /** The collection URL (under `/wp-json`) of the single-item routes, from the batch route's path parameters. */
  collection: (params: Record<string, string>) => string;
  auth: AuthPolicy;
  tags: string[];
  summary: string;
  params?: ReturnType<typeof Type.Object>;
}

/**
 * Registers `POST <url>`: each item goes through the resource's own create (`POST collection`), update
 * (`PUT collection/{id}`) and delete (`DELETE collection/{id}?force=true`) routes in order, as the batch's caller
 * (as WordPress dispatches a batch internally), so validation, rules and events are the single routes' own; one
 * item's failure never stops the others. More than {@link BATCH_ITEMS_LIMIT} items: 413 `woocommerce_rest_request_entity_too_large`.
 */
export function registerBatchRoute(app: RestApp, options: BatchRouteOptions): void {
  app.post(
    options.url,
    {
      config: { auth: options.auth },
      schema: {
        tags: options.tags,
        summary: options.summary,
        ...(options.params ? { params: options.params } : {}),
        body: BatchBody,
        response: { 200: BatchResponse },
      },
    },
    async (request) => {
      const body = request.body as Static<typeof BatchBody>;
      const count = (body.create?.length ?? 0) + (body.update?.length ?? 0) + (body.delete?.length ?? 0);
      if (count > BATCH_ITEMS_LIMIT)
        throw new RestError(
          'woocommerce_rest_request_entity_too_large',
          `Unable to accept more than ${BATCH_ITEMS_LIMIT} items for this request.`,
          413,
        );
      const base = `/wp-json${options.collection(request.params as Record<string, string>)}`;
      const delegation = delegateCaller(request.principal);
      try {
        return await runItems(body, base, dispatcher(app, request, delegation.token));
      } finally {
        delegation.release();
      }
    },
  );
}

async function runItems(
  body: Static<typeof BatchBody>,
  base: string,
  send: Send,
): Promise<Static<typeof BatchResponse>> {
  const result: Static<typeof BatchResponse> = {};
  if (body.create) {
    result.create = [];
    for (const item of body.create) result.create.push(await send('POST', base, item, 0));
  }
  if (body.update) {
    result.update = [];
    for (const item of body.update) {
      const id = itemId((item as { id?: unknown }).id);
      result.update.push(
        id === null
          ? invalidId((item as { id?: unknown }).id)
          : await send('PUT', `${base}/${id}`, withoutId(item), id),
      );
    }
  }
  if (body.delete) {
    result.delete = [];
    for (const raw of body.delete) {
      const id = itemId(raw);
      result.delete.push(
        id === null ? invalidId(raw) : await send('DELETE', `${base}/${id}?force=true`, undefined, id),
      );
    }
  }
  return result;
}

type Send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  id: number,
) => Promise<unknown>;

function dispatcher(app: RestApp, request: FastifyRequest, token: string): Send {
  // Each item acts as the batch's caller (see delegation.ts): no credentials are replayed.
  const headers: Record<string, string> = { [DELEGATION_HEADER]: token };
  const agent = request.headers['user-agent'];
  if (typeof agent === 'string') headers['user-agent'] = agent;
  return async (method, url, payload, id) => {
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress: request.ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const answer = response.body === '' ? null : (JSON.parse(response.body) as unknown);
    if (response.statusCode < 400) return answer;
    return { id, error: answer };
  };
}

// Only a positive integer may become a path segment: anything else could reach another route.
function itemId(raw: unknown): number | null {
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function withoutId(item: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = item;
  return rest;
}

function invalidId(raw: unknown) {
  return {
    id: typeof raw === 'number' && Number.isFinite(raw) ? raw : 0,
    error: { code: 'woocommerce_rest_invalid_id', message: 'Invalid ID.', data: { status: 400 } },
  };
}
