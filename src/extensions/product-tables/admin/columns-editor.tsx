import { Button, CheckboxControl, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useEffect, useRef, useState } from 'react';
import type { ColumnType, TableColumn } from '../config/table-config.schemas.js';
import { ColumnTypeSettings } from './column-settings.js';
import { moveColumn, newColumn, numbered } from './table-draft.js';
import { COLUMN_TYPE_LABELS, optionsOf, VISIBILITY_LABELS } from './table-labels.js';

type Unit = TableColumn['advanced']['width']['unit'];
const UNITS: Record<Unit, string> = {
  auto: __('Auto', 'storeside'),
  px: 'px',
  '%': '%',
  em: 'em',
  rem: 'rem',
};

/**
 * The table's columns in display order: add, remove, reorder (drag a column, or its Move up / Move down buttons
 * from the keyboard; `advanced.order` is renumbered 1..n), and each column's heading, width, visibility and options.
 */
export function ColumnsEditor(props: { columns: TableColumn[]; onChange: (columns: TableColumn[]) => void }) {
  const { columns, onChange } = props;
  const [newType, setNewType] = useState<ColumnType>('sku');
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  // After a keyboard move the list is re-ordered; the pressed button gets the focus back in its moved column.
  const refocus = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const scope = list.current?.querySelector(`[data-column-id="${target.id}"]`);
    const button =
      scope?.querySelector<HTMLButtonElement>(
        `[data-move="${target.direction}"]:not([aria-disabled="true"])`,
      ) ?? scope?.querySelector<HTMLButtonElement>('[data-move]:not([aria-disabled="true"])');
    button?.focus();
  });

  const update = (index: number, change: (column: TableColumn) => TableColumn) =>
    onChange(columns.map((column, i) => (i === index ? change(column) : column)));
  const move = (from: number, to: number, direction?: 'up' | 'down') => {
    if (to < 0 || to >= columns.length || from === to) return;
    const moved = columns[from]!;
    if (direction) refocus.current = { id: moved.id, direction };
    onChange(moveColumn(columns, from, to));
    setAnnouncement(
      sprintf(__('%1$s moved to position %2$d of %3$d.', 'storeside'), nameOf(moved), to + 1, columns.length),
    );
  };

  return (
    <div className="ptables-columns">
      <p className="storeside-muted">
        {__('Drag a column to reorder it, or use its Move up and Move down buttons.', 'storeside')}
      </p>
      <ol ref={list} className="ptables-column-list">
        {columns.map((column, index) => (
          <li
            key={column.id}
            data-column-id={column.id}
            draggable
            className={dragged === index ? 'is-dragged' : undefined}
            onDragStart={(event) => {
              // Dragging starts from the column's frame, not from inside a text field.
              if ((event.target as HTMLElement).closest('input, select, textarea'))
                return event.preventDefault();
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', column.id);
            }}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
          >
            <fieldset>
              <legend>
                <span className="ptables-drag-handle" aria-hidden="true">
                  ⠿
                </span>
                {sprintf(__('Column %1$d: %2$s', 'storeside'), index + 1, nameOf(column))}
              </legend>
              <div className="ptables-column-head">
                <TextControl
                  __next40pxDefaultSize
                  __nextHasNoMarginBottom
                  label={__('Heading', 'storeside')}
                  value={column.heading}
                  onChange={(heading) => update(index, (c) => ({ ...c, heading }))}
                />
                <Button
                  variant="secondary"
                  size="compact"
                  data-move="up"
                  accessibleWhenDisabled
                  disabled={index === 0}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  {__('Move up', 'storeside')}
                </Button>
                <Button
                  variant="secondary"
                  size="compact"
                  data-move="down"
                  accessibleWhenDisabled
                  disabled={index === columns.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  {__('Move down', 'storeside')}
                </Button>
                <Button
                  variant="tertiary"
                  size="compact"
                  aria-expanded={open.includes(column.id)}
                  aria-controls={`ptables-column-${column.id}`}
                  onClick={() =>
                    setOpen(
                      open.includes(column.id) ? open.filter((id) => id !== column.id) : [...open, column.id],
                    )
                  }
                >
                  {__('Settings', 'storeside')}
                </Button>
                <Button
                  variant="tertiary"
                  size="compact"
                  isDestructive
                  onClick={() => {
                    onChange(numbered(columns.filter((_, i) => i !== index)));
                    setAnnouncement(sprintf(__('%s removed.', 'storeside'), nameOf(column)));
                  }}
                >
                  {__('Remove', 'storeside')}
                </Button>
              </div>
              <div
                className="ptables-column-fields"
                id={`ptables-column-${column.id}`}
                hidden={!open.includes(column.id)}
              >
                <SelectControl
                  __next40pxDefaultSize
                  __nextHasNoMarginBottom
                  label={__('Type', 'storeside')}
                  value={column.type}
                  options={optionsOf(COLUMN_TYPE_LABELS)}
                  onChange={(type) => update(index, (c) => ({ ...c, type, settings: {} }))}
                />
                <TextControl
                  __next40pxDefaultSize
                  __nextHasNoMarginBottom
                  type="number"
                  min={0}
                  max={2000}
                  label={__('Width', 'storeside')}
                  value={String(column.advanced.width.value)}
                  disabled={column.advanced.width.unit === 'auto'}
                  onChange={(value) =>
                    update(index, (c) => ({
                      ...c,
                      advanced: { ...c.advanced, width: { ...c.advanced.width, value: clampWidth(value) } },
                    }))
                  }
                />
                <SelectControl
                  __next40pxDefaultSize
                  __nextHasNoMarginBottom
                  label={__('Width unit', 'storeside')}
                  value={column.advanced.width.unit}
                  options={optionsOf(UNITS)}
                  onChange={(unit) =>
                    update(index, (c) => ({
                      ...c,
                      advanced: { ...c.advanced, width: { ...c.advanced.width, unit } },
                    }))
                  }
                />
                <SelectControl
                  __next40pxDefaultSize
                  __nextHasNoMarginBottom
                  label={__('Visibility', 'storeside')}
                  value={column.advanced.visibility}
                  options={optionsOf(VISIBILITY_LABELS)}
                  onChange={(visibility) =>
                    update(index, (c) => ({ ...c, advanced: { ...c.advanced, visibility } }))
                  }
                />
                <CheckboxControl
                  __nextHasNoMarginBottom
                  label={__('Show the heading', 'storeside')}
                  checked={column.advanced.showHeading}
                  onChange={(showHeading) =>
                    update(index, (c) => ({ ...c, advanced: { ...c.advanced, showHeading } }))
                  }
                />
                <ColumnTypeSettings
                  column={column}
                  onChange={(settings) => update(index, (c) => ({ ...c, settings }))}
                />
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <p className="screen-reader-text" aria-live="polite">
        {announcement}
      </p>
      <div className="ptables-add-column">
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('New column type', 'storeside')}
          value={newType}
          options={optionsOf(COLUMN_TYPE_LABELS)}
          onChange={setNewType}
        />
        <Button
          variant="secondary"
          accessibleWhenDisabled
          disabled={columns.length >= 40}
          onClick={() => {
            onChange(numbered([...columns, newColumn(newType, COLUMN_TYPE_LABELS[newType])]));
            setAnnouncement(sprintf(__('%s column added.', 'storeside'), COLUMN_TYPE_LABELS[newType]));
          }}
        >
          {__('Add column', 'storeside')}
        </Button>
      </div>
    </div>
  );
}

function nameOf(column: TableColumn): string {
  return column.heading || COLUMN_TYPE_LABELS[column.type];
}

function clampWidth(value: string): number {
  return Math.max(0, Math.min(2000, Number(value) || 0));
}
