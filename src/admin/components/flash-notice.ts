import { useEffect } from 'react';
import { useNotices } from './notices.js';

type Status = 'success' | 'error' | 'warning' | 'info';
let pending: { status: Status; message: string } | null = null;

/** Keeps a notice for the next screen (each screen starts with its own notices), e.g. before `navigate()`. */
export function flashNotice(status: Status, message: string): void {
  pending = { status, message };
}

/** Shows the notice the previous screen left with `flashNotice`, once. */
export function useFlashNotice(): void {
  const notices = useNotices();
  useEffect(() => {
    if (!pending) return;
    notices.show(pending.status, pending.message);
    pending = null;
  }, [notices]);
}
