import { Button, CheckboxControl, SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.js';
import { useNotices } from './notices.js';
import type { Column } from './server-table.js';

/** What a list can do to the rows ticked on its page. */
export interface BulkActions<Item> {
  actions: ReadonlyArray<{ value: string; label: string }>;
  /** Runs one action on the ticked rows and shows its own outcome; a rejection is shown as an error notice. */
  run: (action: string, items: Item[]) => Promise<void>;
  /** The question to ask before `action` runs (a deletion, say); null runs it at once. */
  confirm?: (
    action: string,
    items: Item[],
  ) => { title: string; message: string; confirmLabel: string } | null;
  /** The label of the "tick every row" box, e.g. "Select all products on this page". */
  selectAllLabel: string;
  /** A row's box label, e.g. "Select Blue shirt" (for screen readers; the column header names it on screen). */
  rowLabel: (item: Item) => string;
}

/** The ticked rows of a page: their ids, kept only while those rows are shown. */
export interface Selection {
  ids: string[];
  set: (ids: string[]) => void;
}

/** The "Select" column of a list with bulk actions: one labelled box per row. */
export function selectColumn<Item>(
  bulk: BulkActions<Item>,
  selection: Selection,
  getItemId: (item: Item) => string,
): Column<Item> {
  return {
    id: 'select',
    label: __('Select', 'storeside'),
    render: (item) => {
      const id = getItemId(item);
      return (
        <CheckboxControl
          __nextHasNoMarginBottom
          className="storeside-row-select"
          label={bulk.rowLabel(item)}
          checked={selection.ids.includes(id)}
          onChange={(on) =>
            selection.set(on ? [...selection.ids, id] : selection.ids.filter((other) => other !== id))
          }
        />
      );
    },
  };
}

/** The bar above a list with bulk actions: tick all, the action, and Apply (after a question when it asks one). */
export function BulkActionBar<Item>(props: {
  bulk: BulkActions<Item>;
  items: Item[];
  selection: Selection;
  getItemId: (item: Item) => string;
}) {
  const notices = useNotices();
  const [action, setAction] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<ReturnType<NonNullable<BulkActions<Item>['confirm']>>>(null);
  const ticked = props.items.filter((item) => props.selection.ids.includes(props.getItemId(item)));
  const allTicked = props.items.length > 0 && ticked.length === props.items.length;

  const run = async () => {
    setAsking(null);
    setBusy(true);
    try {
      await props.bulk.run(action, ticked);
      props.selection.set([]);
      setAction('');
    } catch (failure) {
      notices.showError(failure);
    } finally {
      setBusy(false);
    }
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (busy || action === '' || ticked.length === 0) return;
    const question = props.bulk.confirm?.(action, ticked) ?? null;
    if (question) setAsking(question);
    else void run();
  };

  return (
    <form className="storeside-filters storeside-bulk" onSubmit={apply}>
      <CheckboxControl
        __nextHasNoMarginBottom
        label={props.bulk.selectAllLabel}
        checked={allTicked}
        disabled={props.items.length === 0}
        onChange={(on) => props.selection.set(on ? props.items.map(props.getItemId) : [])}
      />
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Bulk actions', 'storeside')}
        value={action}
        options={[{ value: '', label: __('Choose an action', 'storeside') }, ...props.bulk.actions]}
        onChange={setAction}
      />
      <Button
        variant="secondary"
        type="submit"
        isBusy={busy}
        accessibleWhenDisabled
        disabled={busy || action === '' || ticked.length === 0}
      >
        {sprintf(__('Apply to %s checked', 'storeside'), ticked.length.toLocaleString())}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={asking.title}
          message={asking.message}
          confirmLabel={asking.confirmLabel}
          onConfirm={run}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </form>
  );
}
