import { useCallback, useEffect, useState } from 'react';
import { type RestErrorBody, restError } from '../../../admin/api.js';
import { fetchVideos, type LibraryVideo } from './videos-client.js';

/**
 * The library searched and sorted on the server over every synced video: the first page whenever the search,
 * the sort or `reloadKey` changes (the latest answer wins), then more pages on `loadMore`.
 */
export function useLibrary(search: string, sort: string, reloadKey = 0) {
  const [videos, setVideos] = useState<LibraryVideo[] | null>(null);
  const [total, setTotal] = useState(0);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<RestErrorBody | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the reload counter asks for a fresh load
  useEffect(() => {
    let current = true;
    setLoading(true);
    fetchVideos({ search: search || undefined, sort }).then(
      (reply) => {
        if (!current) return;
        setVideos(reply.videos);
        setTotal(reply.total);
        setNext(reply.next_page_token);
        setError(null);
        setLoading(false);
      },
      (failure) => {
        if (!current) return;
        setError(restError(failure));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [search, sort, reloadKey]);

  const loadMore = useCallback(async () => {
    if (!next) return;
    setLoading(true);
    try {
      const reply = await fetchVideos({ search: search || undefined, sort, page_token: next });
      setVideos((shown) => [...(shown ?? []), ...reply.videos]);
      setNext(reply.next_page_token);
    } catch (failure) {
      setError(restError(failure));
    } finally {
      setLoading(false);
    }
  }, [next, search, sort]);

  return { videos, total, hasMore: next !== null, loadMore, loading, error };
}
