import { Button, SelectControl, TextareaControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import { useNotices } from '../../../admin/components/notices.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { addNote, loadNotes, type OrderNote } from './orders-client.js';
import { errorMessage } from '../../../admin/components/request-error.js';

/** The order's notes (by people; private or to the customer) with Add note, and its history (the system's notes). */
export function OrderNotes({ orderId, revision }: { orderId: number; revision: number }) {
  const notices = useNotices();
  const [notes, setNotes] = useState<OrderNote[] | null>(null);
  const [text, setText] = useState('');
  const [type, setType] = useState<'private' | 'customer'>('private');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new revision or note asks for a fresh load
  useEffect(() => {
    let current = true;
    loadNotes(orderId).then(
      (list) => current && setNotes(list),
      (failure) => current && notices.showError(failure),
    );
    return () => {
      current = false;
    };
  }, [orderId, revision, added, notices]);

  async function submit() {
    setSaving(true);
    try {
      await addNote(orderId, text, type === 'customer');
      setText('');
      setError(undefined);
      setAdded((n) => n + 1);
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
