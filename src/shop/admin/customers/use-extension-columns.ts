import { useEffect, useMemo, useState } from 'react';
import { useNotices } from '../../../admin/components/notices.js';
import type { Column } from '../../../admin/components/server-table.js';
import { visibleAdditions } from '../../../admin/shell/panels.js';

/** The customers list's columns added by other modules, their values loaded for the customers on the page. */
export function useExtensionColumns<Item extends { id: number }>(items: Item[] | undefined): Column<Item>[] {
  const notices = useNotices();
  const columns = useMemo(() => visibleAdditions('customerColumns'), []);
  const [values, setValues] = useState<Record<string, Map<number, string>>>({});
  const ids = (items ?? []).map((item) => item.id).join(',');
  useEffect(() => {
    if (ids === '') return;
    let current = true;
    const customerIds = ids.split(',').map(Number);
    for (const column of columns)
      column
        .load()
        .then((module) => module.default(customerIds))
        .then(
          (map) => current && setValues((all) => ({ ...all, [column.id]: map })),
          (failure) => current && notices.showError(failure),
        );
    return () => {
      current = false;
    };
  }, [ids, columns, notices]);
  return columns.map((column) => ({
    id: column.id,
    label: column.label,
    numeric: column.numeric,
    render: (item: Item) => values[column.id]?.get(item.id) ?? '…',
  }));
}
