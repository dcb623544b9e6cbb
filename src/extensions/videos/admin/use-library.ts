import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiKey } from '../../../admin/components/api-query.js';
import { fetchVideos, videosPath } from './videos-client.js';

/**
 * The library searched and sorted on the server over every synced video: the first page whenever the search or
 * the sort changes (or the videos' routes are invalidated), then more pages on `loadMore`.
 */
export function useLibrary(search: string, sort: string) {
  const filters = { search: search || undefined, sort };
  const query = useInfiniteQuery({
    queryKey: apiKey(videosPath(filters)),
    queryFn: ({ pageParam }) => fetchVideos({ ...filters, page_token: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_page_token ?? undefined,
    placeholderData: keepPreviousData,
  });
  return {
    videos: query.data?.pages.flatMap((page) => page.videos) ?? null,
    total: query.data?.pages[0]?.total ?? 0,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loading: query.isFetching,
    error: query.error,
  };
}
