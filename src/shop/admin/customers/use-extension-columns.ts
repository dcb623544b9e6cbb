import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useErrorNotice } from '../../../admin/components/api-query.js';
import type { Column } from '../../../admin/components/server-table.js';
import { visibleAdditions } from '../../../admin/shell/panels.js';

/** The customers list's columns added by other modules, their values loaded for the customers on the page. */
export function useExtensionColumns<Item extends { id: number }>(items: Item[] | undefined): Column<Item>[] {
  const columns = useMemo(() => visibleAdditions('customerColumns'), []);
  const ids = (items ?? []).map((item) => item.id);
  const values = useQueries({
    queries: columns.map((column) => ({
      queryKey: ['customer column', column.id, ids],
      queryFn: async () => (await column.load()).default(ids),
      enabled: ids.length > 0,
      placeholderData: (previous: Map<number, string> | undefined) => previous,
    })),
  });
  useErrorNotice(values.find((value) => value.error)?.error);
  return columns.map((column, index) => ({
    id: column.id,
    label: column.label,
    numeric: column.numeric,
    render: (item: Item) => values[index]?.data?.get(item.id) ?? '…',
  }));
}
