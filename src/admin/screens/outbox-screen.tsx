import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { OutboxMessage } from '../../platform/platform.schemas.js';
import { useApiQuery, useErrorNotice } from '../components/api-query.js';
import { TextFilter } from '../components/list-filters.js';
import { useListQuery } from '../components/list-query.js';
import { ListScreen, useListPage } from '../components/list-screen.js';
import { ScreenHeader } from '../components/screen-header.js';
import type { Column } from '../components/server-table.js';
import { DateTime } from './date-time.js';
import { OutboxMessageView } from './outbox-message.js';
import { outboxMessagePath, outboxPath } from './platform-client.js';

/** Tools → Outbox: stored mail, newest first, by recipient; `?message=<id>` opens one message above the list. */
export default function OutboxScreen() {
  const list = useListQuery();
  const path = outboxPath({ to: list.values.to?.trim() || undefined }, list.page, list.perPage);
  const data = useListPage<OutboxMessage>(path);
  const messages = data.page;
  const openId = Number(list.values.message) || 0;

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
          onClick={() => list.set({ message: m.id })}
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
      <ListScreen<OutboxMessage>
        list={list}
        data={data}
        filters={
          <TextFilter
            list={list}
            param="to"
            type="email"
            label={__('To', 'storeside')}
            placeholder={__('E-mail address', 'storeside')}
          />
        }
        label={__('Messages', 'storeside')}
        countLabel={['%s message', '%s messages']}
        columns={columns}
        getItemId={(m) => String(m.id)}
        empty={__('No messages found.', 'storeside')}
      >
        {opened && opened.id === openId ? (
          <OutboxMessageView
            message={opened}
            onClose={() => {
              list.set({ message: undefined });
              // The Close button leaves with the panel: the keyboard goes back to the top of the screen.
              document.querySelector<HTMLElement>('main h1')?.focus();
            }}
          />
        ) : null}
      </ListScreen>
    </>
  );
}
