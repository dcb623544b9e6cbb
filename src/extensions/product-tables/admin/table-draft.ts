import type {
  ColumnType,
  TableColumn,
  TableConfig,
  TableConfigInput,
} from '../config/table-config.schemas.js';
import type { TableRecord } from './product-tables-client.js';

/** A table being built or edited: its configuration, and its id once saved. */
export type TableDraft = TableConfig & { id?: number };

/** Applies `change` to a copy of `draft` (the screens never mutate state in place). */
export function edit<T>(draft: T, change: (copy: T) => void): T {
  const copy = structuredClone(draft);
  change(copy);
  return copy;
}

/** The draft of a stored table, its columns in display order (`advanced.order`, then array order). */
export function draftFromRecord(record: TableRecord): TableDraft {
  const { id, title, status, source, columns, settings, style } = record;
  return { id, title, status, source, columns: inDisplayOrder(columns), settings, style };
}

/** Columns sorted as the storefront shows them: by `advanced.order` (else 1-based position), ties in array order. */
export function inDisplayOrder(columns: TableColumn[]): TableColumn[] {
  return columns
    .map((column, index) => ({ column, key: column.advanced.order ?? index + 1, index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ column }) => column);
}

/** Moves the column at `from` to `to` and renumbers every `advanced.order` 1..n (the saved order follows). */
export function moveColumn(columns: TableColumn[], from: number, to: number): TableColumn[] {
  const next = structuredClone(columns);
  const [moved] = next.splice(from, 1);
  if (!moved || to < 0 || to > next.length) return columns;
  next.splice(to, 0, moved);
  return numbered(next);
}

/** The columns with `advanced.order` set to their 1-based positions. */
export function numbered(columns: TableColumn[]): TableColumn[] {
  return columns.map((column, index) => ({ ...column, advanced: { ...column.advanced, order: index + 1 } }));
}

/** A new column of `type` with its heading, automatic width and default visibility. */
export function newColumn(type: ColumnType, heading: string): TableColumn {
  const random = Math.random().toString(36).slice(2, 8);
  return {
    id: `col_${Date.now().toString(36)}_${random}`,
    type,
    heading,
    advanced: { showHeading: true, width: { value: 0, unit: 'auto' }, visibility: 'default' },
    settings: {},
  };
}

/**
 * What `POST /tables` and `POST /preview` receive: the configuration, with the product lists of the source types
 * not chosen cleared (as the original admin saves them).
 */
export function draftInput(draft: TableDraft): TableConfigInput & { id?: number } {
  const { id, title, status, source, columns, settings, style } = draft;
  const queryArgs = { ...source.queryArgs };
  if (source.type !== 'category') queryArgs.categoryIds = [];
  if (source.type !== 'specific') {
    queryArgs.postIds = [];
    queryArgs.productObjects = {};
  }
  return {
    ...(id === undefined ? {} : { id }),
    title,
    status,
    source: { ...source, queryArgs },
    columns,
    settings,
    style,
  };
}
