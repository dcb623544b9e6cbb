import type { TableColumn } from './table-config.schemas.js';

/**
 * Columns in the order they render: by `advanced.order` (the original admin renumbers it 1..n on drag), a column
 * without one taking its 1-based array position; ties keep their array order. The stored array is not changed.
 */
export function displayOrder<T extends Pick<TableColumn, 'advanced'>>(columns: readonly T[]): T[] {
  return columns
    .map((column, index) => ({ column, index, key: column.advanced.order ?? index + 1 }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((entry) => entry.column);
}
