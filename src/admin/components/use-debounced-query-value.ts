import { useEffect, useRef, useState } from 'react';

/**
 * A text filter kept in the URL's query string: typing updates the field at once and the URL (`key`, back to
 * page 1) after `delay` ms of quiet; a URL changed from outside (back/forward, a link) refills the field.
 */
export function useDebouncedQueryValue(
  query: Record<string, string>,
  setQuery: (changes: Record<string, string | number | undefined>) => void,
  key: string,
  delay = 300,
): [string, (value: string) => void] {
  const urlValue = query[key] ?? '';
  const [value, setValue] = useState(urlValue);
  const pushed = useRef(urlValue);
  useEffect(() => {
    if (urlValue === pushed.current) return;
    pushed.current = urlValue;
    setValue(urlValue);
  }, [urlValue]);
  useEffect(() => {
    if (value === pushed.current) return;
    const timer = setTimeout(() => {
      pushed.current = value;
      setQuery({ [key]: value || undefined, paged: undefined });
    }, delay);
    return () => clearTimeout(timer);
  }, [value, key, delay, setQuery]);
  return [value, setValue];
}
