import { useEffect, useState } from 'react';

/** `value` once it has stayed unchanged for `delay` ms (typing in a search field asks the server once). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
