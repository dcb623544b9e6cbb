import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A screen's filters kept in the URL's query string, so deep links, reloads and back/forward restore them.
 * `set` replaces the given keys (empty values are removed) and pushes a history entry.
 */
export function useQueryState(): [
  Record<string, string>,
  (changes: Record<string, string | number | undefined>) => void,
] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const values = useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search]);
  const set = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      const params = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') params.delete(key);
        else params.set(key, String(value));
      }
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location);
    },
    [search, location, navigate],
  );
  return [values, set];
}
