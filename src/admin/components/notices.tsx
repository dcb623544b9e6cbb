import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { describeError, noticeActions } from './request-error.js';

interface NoticeItem {
  id: number;
  status: 'success' | 'error' | 'warning' | 'info';
  message: string;
  actions?: Array<{ label: string; url: string }>;
}

interface NoticesApi {
  /** Shows a notice at the top of the screen (replacing notices of the same status). */
  show(status: NoticeItem['status'], message: string): void;
  /** Shows a failed or refused request as an error notice, readable, with a way to fix it when there is one. */
  showError(error: unknown): void;
  clear(): void;
}

const NoticesContext = createContext<NoticesApi>({ show: () => {}, showError: () => {}, clear: () => {} });
let nextId = 1;

/** Holds the screen's notices and renders them above the screen. */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<NoticeItem[]>([]);
  const add = useCallback((item: Omit<NoticeItem, 'id'>) => {
    setItems((list) => [...list.filter((n) => n.status !== item.status), { id: nextId++, ...item }]);
  }, []);
  const show = useCallback(
    (status: NoticeItem['status'], message: string) => add({ status, message }),
    [add],
  );
  const showError = useCallback(
    (error: unknown) => {
      const help = describeError(error);
      add({ status: 'error', message: help.message, actions: noticeActions(help) });
    },
    [add],
  );
  const clear = useCallback(() => setItems([]), []);
  const api = useMemo(() => ({ show, showError, clear }), [show, showError, clear]);
  return (
    <NoticesContext.Provider value={api}>
      <section className="storeside-notices" aria-label={__('Notices', 'storeside')}>
        {items.map((n) => (
          <Notice
            key={n.id}
            status={n.status}
            actions={n.actions}
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
