import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { boot } from '../boot.js';

let firstScreen = true;

/** The screen's one `h1` (its name, also the document title) with the screen's main actions beside it. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} ‹ ${boot.siteName} — Storeside`;
  }, [title]);
  // After moving to another screen inside the app, focus its heading (as a page load would put a reader there).
  useEffect(() => {
    if (firstScreen) firstScreen = false;
    else heading.current?.focus();
  }, []);
  return (
    <div className="storeside-screen-header">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children ? <div className="storeside-screen-actions">{children}</div> : null}
    </div>
  );
}
