import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

interface NoticeItem {
  id: number;
  status: 'success' | 'error' | 'warning' | 'info';
  message: string;
}

interface NoticesApi {
  /** Shows a notice at the top of the screen (replacing notices of the same status). */
  show(status: NoticeItem['status'], message: string): void;
  clear(): void;
}

const NoticesContext = createContext<NoticesApi>({ show: () => {}, clear: () => {} });
let nextId = 1;

/** Holds the screen's notices and renders them above the screen. */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<NoticeItem[]>([]);
  const show = useCallback((status: NoticeItem['status'], message: string) => {
    setItems((list) => [...list.filter((n) => n.status !== status), { id: nextId++, status, message }]);
  }, []);
  const clear = useCallback(() => setItems([]), []);
  const api = useMemo(() => ({ show, clear }), [show, clear]);
  return (
    <NoticesContext.Provider value={api}>
      <section className="storeside-notices" aria-label={__('Notices', 'storeside')}>
        {items.map((n) => (
          <Notice
            key={n.id}
            status={n.status}
            onRemove={() => setItems((list) => list.filter((x) => x.id !== n.id))}
          >
            {n.message}
          </Notice>
        ))}
      </section>
      {children}
    </NoticesContext.Provider>
  );
}

/** The notices of the current screen. */
export function useNotices(): NoticesApi {
  return useContext(NoticesContext);
}
