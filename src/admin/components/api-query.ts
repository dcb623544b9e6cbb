import {
  keepPreviousData,
  QueryClient,
  type QueryKey,
  type UseQueryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { api, apiPage, type CollectionPage, onApiWrite, restError } from '../api.js';
import { useNotices } from './notices.js';

/**
 * The admin's one query cache. A failed read is shown at once (no silent retries), and focusing the window
 * reloads nothing: a screen reloads what it shows when it mounts, and every write through `api` invalidates the
 * reads of its namespace (`/wc/v3/…`, `/loyalty/v1/…`), so no screen shows what a write has changed.
 */
export function createAdminQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  onApiWrite((path) => void client.invalidateQueries({ predicate: routeStartsWith([namespaceOf(path)]) }));
  return client;
}

/**
 * The key of a REST read: its route, then its query parameters (then anything else that tells two reads of the
 * route apart), so invalidating a route covers every page and filter of it.
 */
export function apiKey(path: string, ...extra: unknown[]): QueryKey {
  const [route = '', search = ''] = path.split('?');
  return [route, Object.fromEntries(new URLSearchParams(search)), ...extra];
}

type ReadOptions<T> = Omit<UseQueryOptions<T, unknown, T, QueryKey>, 'queryKey' | 'queryFn' | 'enabled'>;

/**
 * A REST read through the query cache: `path` is the key (null reads nothing; `[path, ...extra]` tells apart two
 * reads of one path), `load` how to read it (the path's JSON body unless given). Only the latest answer for the
 * current key is ever shown.
 */
export function useApiQuery<T>(
  path: string | readonly [string, ...unknown[]] | null,
  load?: () => Promise<T>,
  options: ReadOptions<T> = {},
) {
  const [route, ...extra] = typeof path === 'string' ? [path] : (path ?? ['']);
  return useQuery<T, unknown, T, QueryKey>({
    queryKey: path === null ? ['none'] : apiKey(route, ...extra),
    queryFn: load ?? (() => api<T>({ path: route })),
    enabled: path !== null,
    ...options,
  });
}

/** For the record a form starts from: read afresh on each visit, never shown from an earlier visit's copy. */
export const FORM_SOURCE = { gcTime: 0 } as const;

/**
 * Calls `start` with the first answer read for `key` (a form's draft starts from it); later reloads of the same
 * key, such as the one after a save, leave the draft alone.
 */
export function useFirstAnswer<T>(key: unknown, data: T | undefined, start: (data: T) => void): void {
  const startedFor = useRef<unknown>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `start` is the caller's inline function
  useEffect(() => {
    if (data === undefined || Object.is(startedFor.current, key)) return;
    startedFor.current = key;
    start(data);
  }, [key, data]);
}

/**
 * One page of a collection route, the previous page kept on screen while the next one loads (`load` reads it when
 * the route pages its own way).
 */
export function useApiPage<T>(path: string | null, load?: () => Promise<CollectionPage<T>>) {
  const query = useApiQuery<CollectionPage<T>>(path, load ?? (() => apiPage<T>(path!)), {
    placeholderData: keepPreviousData,
  });
  // One error body per failure, so a notice about it is shown once.
  const error = useMemo(() => (query.error ? restError(query.error) : null), [query.error]);
  return { page: query.data ?? null, error, loading: query.isFetching };
}

/**
 * Reloads every cached read whose route starts with one of `routes`, resolving once they are back (a write
 * through `api` already reloads its own namespace: this is for a screen that waits for the fresh answer).
 */
export function useInvalidate(): (...routes: string[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    (...routes: string[]) =>
      client.invalidateQueries({ predicate: routeStartsWith(routes) }, { cancelRefetch: false }),
    [client],
  );
}

function routeStartsWith(prefixes: string[]) {
  return (query: { queryKey: QueryKey }) => {
    const route = query.queryKey[0];
    return typeof route === 'string' && prefixes.some((prefix) => route.startsWith(prefix));
  };
}

/** `/wc/v3/` of `/wc/v3/orders/12?x=1`: the namespace a write belongs to. */
function namespaceOf(path: string): string {
  const [, vendor = '', version = ''] = path.split('?')[0]!.split('/');
  return `/${vendor}/${version}/`;
}

/** Shows a failed read as an error notice at the top of the screen. */
export function useErrorNotice(error: unknown): void {
  const notices = useNotices();
  useEffect(() => {
    if (error) notices.showError(error);
  }, [error, notices]);
}
