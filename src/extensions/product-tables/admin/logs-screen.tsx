import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { useInvalidate } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { FilterSelect, TextFilter } from '../../../admin/components/list-filters.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
import {
  clearLogs,
  fetchLogs,
  type LogEntry,
  type LogFilters,
  logsExportLink,
  logsPath,
  TABLES_NS,
} from './product-tables-client.js';
import './product-tables.css';

const LEVELS: Array<{ value: string; label: string }> = [
  { value: 'info', label: __('Info', 'storeside') },
  { value: 'success', label: __('Success', 'storeside') },
  { value: 'warning', label: __('Warning', 'storeside') },
  { value: 'error', label: __('Error', 'storeside') },
];
const COLUMNS: Column<LogEntry>[] = [
  { id: 'time', label: __('Time (UTC)', 'storeside'), render: (e) => e.time.replace('T', ' ') },
  {
    id: 'level',
    label: __('Level', 'storeside'),
    render: (e) => <span className={`storeside-badge ptables-level-${e.level}`}>{e.level}</span>,
  },
  { id: 'title', label: __('Event', 'storeside'), render: (e) => e.title },
  { id: 'details', label: __('Details', 'storeside'), render: (e) => e.details },
  { id: 'user', label: __('User', 'storeside'), render: (e) => e.user },
];

/** The activity log: level, user, date and search filters in the URL, server pages, Export CSV and Clear logs. */
export default function LogsScreen() {
  const notices = useNotices();
  const list = useListQuery({ defaultPerPage: 50 });
  const query = list.values;
  const invalidate = useInvalidate();
  const [confirm, setConfirm] = useState(false);
  const filters: LogFilters = {
    level: query.level,
    user: query.user,
    date: query.date,
    search: query.search,
  };
  const data = useListPage<LogEntry>(logsPath(filters, list.page, list.perPage), () =>
    fetchLogs(filters, list.page, list.perPage),
  );

  const clear = async () => {
    setConfirm(false);
    try {
      const { deleted } = await clearLogs();
      notices.show('success', sprintf(__('%d log entries deleted.', 'storeside'), deleted));
      list.set({ paged: undefined });
      void invalidate(`${TABLES_NS}/logs`);
    } catch (error) {
      notices.showError(error);
    }
  };

  return (
    <>
      <ScreenHeader title={__('Activity Log', 'storeside')}>
        <Button variant="secondary" href={logsExportLink()} download>
          {__('Export CSV', 'storeside')}
        </Button>
        <Button variant="secondary" isDestructive onClick={() => setConfirm(true)}>
          {__('Clear logs', 'storeside')}
        </Button>
      </ScreenHeader>
      <ListScreen<LogEntry>
        list={list}
        data={data}
        filtersLegend={__('Filter the log', 'storeside')}
        filters={
          <>
            <FilterSelect
              list={list}
              param="level"
              label={__('Level', 'storeside')}
              all={__('All levels', 'storeside')}
              options={LEVELS}
            />
            <TextFilter list={list} param="user" label={__('User', 'storeside')} />
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              type="date"
              label={__('Date (UTC)', 'storeside')}
              value={query.date ?? ''}
              onChange={(date) => list.filter({ date })}
            />
            <TextFilter list={list} param="search" label={__('Search', 'storeside')} />
          </>
        }
        label={__('Log entries', 'storeside')}
        columns={COLUMNS}
        getItemId={(e) => String(e.id)}
        countLabel={[__('%s entry', 'storeside'), __('%s entries', 'storeside')]}
        empty={__('No log entries match.', 'storeside')}
      />
      {confirm ? (
        <ConfirmDialog
          title={__('Clear logs', 'storeside')}
          message={__('Delete every log entry for good?', 'storeside')}
          confirmLabel={__('Clear logs', 'storeside')}
          onCancel={() => setConfirm(false)}
          onConfirm={clear}
        />
      ) : null}
    </>
  );
}
