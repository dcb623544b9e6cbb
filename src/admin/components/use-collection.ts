import { useEffect, useState } from 'react';
import { apiPage, type CollectionPage, type RestErrorBody, restError } from '../api.js';

/** A collection page loaded from the server whenever `path` changes (the latest answer wins). */
export function useCollection<T>(path: string | null, reloadKey = 0) {
  const [page, setPage] = useState<CollectionPage<T> | null>(null);
  const [error, setError] = useState<RestErrorBody | null>(null);
  const [loading, setLoading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reload counter asks for a fresh load
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setLoading(true);
    apiPage<T>(path).then(
      (result) => {
        if (!current) return;
        setPage(result);
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
  }, [path, reloadKey]);
  return { page, error, loading };
}
