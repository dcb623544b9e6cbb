import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { OutboxMessage } from '../../platform/platform.schemas.js';
import { ScreenHeader } from '../components/screen-header.js';
import { type Column, ServerTable } from '../components/server-table.js';
import { useApiPage, useApiQuery, useErrorNotice } from '../components/api-query.js';
import { useDebouncedQueryValue } from '../components/use-debounced-query-value.js';
import { useQueryState } from '../components/use-query-state.js';
import { DateTime } from './date-time.js';
import { OutboxMessageView } from './outbox-message.js';
import { outboxMessagePath, outboxPath, paging, pagingQuery } from './platform-client.js';

/** Tools → Outbox: stored mail, newest first, by recipient; `?message=<id>` opens one message above the list. */
export default function OutboxScreen() {
  const [query, setQuery] = useQueryState();
  const [to, setTo] = useDebouncedQueryValue(query, setQuery, 'to');
  const { page, perPage } = paging(query);
  const path = outboxPath({ to: query.to?.trim() || undefined }, page, perPage);
  const { page: messages, loading, error } = useApiPage<OutboxMessage>(path);
  const openId = Number(query.message) || 0;

  useErrorNotice(error);
  // The message comes from the page when it is on it, else from its own route (a deep link to another page).
  const onPage = messages?.items.find((m) => m.id === openId);
  const own = useApiQuery<OutboxMessage>(
    openId === 0 || onPage || !messages ? null : outboxMessagePath(openId),
  );
  useErrorNotice(own.error);
  const opened = openId === 0 ? null : (onPage ?? own.data ?? null);

  const columns: Column<OutboxMessage>[] = [
    { id: 'date', label: __('Date', 'storeside'), render: (m) => <DateTime value={m.created_at} /> },
    { id: 'to', label: __('To', 'storeside'), render: (m) => m.to },
    { id: 'subject', label: __('Subject', 'storeside'), render: (m) => m.subject },
    { id: 'transport', label: __('Transport', 'storeside'), render: (m) => m.transport },
    {
      id: 'view',
      label: __('Actions', 'storeside'),
      render: (m) => (
        <Button
          variant="secondary"
          size="compact"
          onClick={() => setQuery({ message: m.id })}
          aria-label={sprintf(__('View “%s”', 'storeside'), m.subject)}
        >
          {__('View', 'storeside')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader title={__('Outbox', 'storeside')} />
      <p className="storeside-muted">
        {__(
          'Every e-mail the shop sends is kept here: without SMTP it is only kept here; with SMTP this is a copy.',
          'storeside',
        )}
      </p>
      <div className="storeside-filters">
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('To', 'storeside')}
          type="email"
          value={to}
          onChange={setTo}
          placeholder={__('E-mail address', 'storeside')}
          autoComplete="off"
        />
      </div>
      {opened && opened.id === openId ? (
        <OutboxMessageView
          message={opened}
          onClose={() => {
            setQuery({ message: undefined });
            // The Close button leaves with the panel: the keyboard goes back to the top of the screen.
            document.querySelector<HTMLElement>('main h1')?.focus();
          }}
        />
      ) : null}
      <ServerTable<OutboxMessage>
        label={__('Messages', 'storeside')}
        countLabel={['%s message', '%s messages']}
        columns={columns}
        page={messages}
        loading={loading}
        pageNumber={page}
        perPage={perPage}
        onPaging={(next, size) => setQuery(pagingQuery(next, size))}
        getItemId={(m) => String(m.id)}
        empty={__('No messages found.', 'storeside')}
      />
    </>
  );
}
