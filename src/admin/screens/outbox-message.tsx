import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type ReactNode, useEffect, useRef } from 'react';
import type { OutboxMessage } from '../../platform/platform.schemas.js';
import { DateTime } from './date-time.js';
import './platform-screens.css';

/**
 * One stored message: its envelope and headers, the text part, and the HTML part in a sandboxed frame with no
 * permissions at all (no scripts, no forms, its own origin), so mail HTML never enters the admin's page.
 */
export function OutboxMessageView({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when another message opens
  useEffect(() => {
    heading.current?.focus();
  }, [message.id]);
  const headers: Array<[string, ReactNode]> = [
    [__('From', 'storeside'), message.from],
    [__('To', 'storeside'), message.to],
    [__('Subject', 'storeside'), message.subject],
    [__('Date', 'storeside'), <DateTime key="date" value={message.created_at} />],
    [__('Message-ID', 'storeside'), message.message_id],
    [__('Transport', 'storeside'), message.transport],
    ...(message.tag ? [[__('Tag', 'storeside'), message.tag] as [string, string]] : []),
    ...Object.entries(message.headers),
  ];
  return (
    <section className="storeside-panel" aria-labelledby="storeside-message-title">
      <div className="storeside-screen-header">
        <h2 id="storeside-message-title" ref={heading} tabIndex={-1}>
          {message.subject || __('(no subject)', 'storeside')}
        </h2>
        <Button variant="secondary" size="compact" onClick={onClose}>
          {__('Close message', 'storeside')}
        </Button>
      </div>
      <h3>{__('Headers', 'storeside')}</h3>
      <dl className="storeside-message-headers">
        {headers.map(([name, value]) => (
          <div key={name} style={{ display: 'contents' }}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{__('Text', 'storeside')}</h3>
      <pre className="storeside-message-text">{message.text}</pre>
      <h3>{__('HTML', 'storeside')}</h3>
      {message.html === null ? (
        <p className="storeside-muted">{__('This message has no HTML part.', 'storeside')}</p>
      ) : (
        <iframe
          className="storeside-frame-html"
          sandbox=""
          srcDoc={message.html}
          title={sprintf(__('HTML part of “%s”', 'storeside'), message.subject)}
        />
      )}
    </section>
  );
}
