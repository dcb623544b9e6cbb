import { Button, SelectControl, TextareaControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { addNote, notesPath, type OrderNote } from './orders-client.js';
import { errorMessage } from '../../../admin/components/request-error.js';

/** The order's notes (by people; private or to the customer) with Add note, and its history (the system's notes). */
export function OrderNotes({ orderId }: { orderId: number }) {
  const notices = useNotices();
  // Adding a note, or any other write to the order, reloads them.
  const loaded = useApiQuery<OrderNote[]>(notesPath(orderId));
  useErrorNotice(loaded.error);
  const notes = loaded.data ?? null;
  const [text, setText] = useState('');
  const [type, setType] = useState<'private' | 'customer'>('private');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  async function submit() {
    setSaving(true);
    try {
      await addNote(orderId, text, type === 'customer');
      setText('');
      setError(undefined);
      notices.show('success', __('Note added.', 'storeside'));
    } catch (failure) {
      setError(fieldErrors(failure).note ?? errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  const byPeople = (notes ?? []).filter((n) => n.added_by_user || n.customer_note);
  const history = (notes ?? []).filter((n) => !n.added_by_user && !n.customer_note);
  return (
    <>
      <section className="storeside-panel" aria-labelledby="order-notes-heading">
        <h2 id="order-notes-heading">{__('Order notes', 'storeside')}</h2>
        <NoteList notes={notes === null ? null : byPeople} empty={__('No notes yet.', 'storeside')} />
        <form
          className="storeside-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextareaControl
            __nextHasNoMarginBottom
            label={__('Add note', 'storeside')}
            value={text}
            onChange={setText}
            help={error}
            rows={3}
          />
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Note type', 'storeside')}
            value={type}
            options={[
              { value: 'private', label: __('Private note', 'storeside') },
              { value: 'customer', label: __('Note to customer', 'storeside') },
            ]}
            onChange={setType}
          />
          <Button variant="secondary" type="submit" accessibleWhenDisabled disabled={saving} isBusy={saving}>
            {__('Add', 'storeside')}
          </Button>
        </form>
      </section>
      <section className="storeside-panel" aria-labelledby="order-history-heading">
        <h2 id="order-history-heading">{__('History', 'storeside')}</h2>
        <NoteList
          notes={notes === null ? null : history}
          empty={__('Nothing has happened yet.', 'storeside')}
        />
      </section>
    </>
  );
}

function NoteList({ notes, empty }: { notes: OrderNote[] | null; empty: string }) {
  if (notes === null) return <p className="storeside-muted">{__('Loading…', 'storeside')}</p>;
  if (notes.length === 0) return <p className="storeside-muted">{empty}</p>;
  return (
    <ul className="storeside-note-list">
      {notes.map((note) => (
        <li key={note.id} data-customer={note.customer_note}>
          <p>{note.note}</p>
          <small className="storeside-muted">
            <DateTime value={note.date_created_gmt} />
            {note.added_by_user ? ` — ${note.author}` : ''}
            {note.customer_note ? ` — ${__('to the customer', 'storeside')}` : ''}
          </small>
        </li>
      ))}
    </ul>
  );
}
