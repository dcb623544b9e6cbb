import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';
import { __, sprintf } from '@wordpress/i18n';
import type { AdminBoot } from '../platform/admin-pages/admin-boot.schemas.js';

/** An error answer in the WordPress shape (`code`, `message`, `data.params` / `data.errors`). */
export interface RestErrorBody {
  code: string;
  message: string;
  data?: {
    status?: number;
    params?: Record<string, string>;
    errors?: Record<string, Record<string, string>>;
    [key: string]: unknown;
  };
}

/** Sets api-fetch up as WordPress does: the REST root, the nonce, and where an expired nonce is renewed. */
export function configureApi(boot: AdminBoot): void {
  apiFetch.use(apiFetch.createRootURLMiddleware(boot.root));
  const nonce = apiFetch.createNonceMiddleware(boot.nonce);
  apiFetch.nonceMiddleware = nonce;
  apiFetch.use(nonce);
  apiFetch.nonceEndpoint = boot.nonceEndpoint;
}

const writeListeners = new Set<(path: string) => void>();

/** Calls `listener` with the path of every write that succeeded (the query cache reloads after it). */
export function onApiWrite(listener: (path: string) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/**
 * Calls a REST route; resolves with the parsed body, rejects with the WordPress error body. A call with any
 * method but GET is a write: once it succeeds, `onApiWrite` listeners hear of it.
 */
export async function api<T>(options: APIFetchOptions<true>): Promise<T> {
  const body = await apiFetch<T>(options);
  if ((options.method ?? 'GET').toUpperCase() !== 'GET')
    for (const listener of writeListeners) listener(options.path ?? '');
  return body;
}

/** Calls a route that only computes something (a POST such as a preview): changes nothing, reloads nothing. */
export function apiCompute<T>(options: APIFetchOptions<true>): Promise<T> {
  return apiFetch<T>(options);
}

/** One page of a collection with the totals from `X-WP-Total` / `X-WP-TotalPages`. */
export interface CollectionPage<T> {
  items: T[];
  total: number;
  totalPages: number;
}

/** Calls a GET route that pages something; resolves with its body and the `X-WP-Total*` totals. */
export async function apiWithTotals<T>(
  path: string,
): Promise<{ body: T; total: number; totalPages: number }> {
  // Unparsed, api-fetch rejects with the raw Response: reject with its error body instead, as `api` does.
  const response = await apiFetch<Response, false>({ path, parse: false }).catch(async (failure) => {
    throw failure instanceof Response ? await errorBodyOf(failure) : failure;
  });
  return {
    body: (await response.json()) as T,
    total: Number(response.headers.get('X-WP-Total') ?? 0),
    totalPages: Number(response.headers.get('X-WP-TotalPages') ?? 0),
  };
}

/** Fetches one page of a collection route. */
export async function apiPage<T>(path: string): Promise<CollectionPage<T>> {
  const { body, total, totalPages } = await apiWithTotals<T[]>(path);
  return { items: body, total, totalPages };
}

/** `path?query` from an object; empty, null and undefined values are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The error body of a rejected call (api-fetch rejects with it), or a readable generic one. */
export function restError(error: unknown): RestErrorBody {
  if (error instanceof Response) return statusError(error);
  if (error && typeof error === 'object' && typeof (error as RestErrorBody).message === 'string')
    return error as RestErrorBody;
  return { code: 'unknown_error', message: __('The request failed. Please try again.', 'storeside') };
}

/** Field → message from a validation error (`data.params`, else the first rule of `data.errors`). */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = restError(error).data;
  const out: Record<string, string> = {};
  for (const [field, rules] of Object.entries(data?.errors ?? {})) {
    const first = Object.values(rules)[0];
    if (first) out[field] = first;
  }
  return { ...out, ...(data?.params ?? {}) };
}

async function errorBodyOf(response: Response): Promise<RestErrorBody> {
  const body = await response.json().catch(() => null);
  return body && typeof body.message === 'string' ? (body as RestErrorBody) : statusError(response);
}

function statusError(response: Response): RestErrorBody {
  return {
    code: 'http_error',
    message: sprintf(
      __('The server answered %1$d %2$s.', 'storeside'),
      response.status,
      response.statusText,
    ).trim(),
    data: { status: response.status },
  };
}
