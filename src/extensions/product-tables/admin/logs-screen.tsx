import { Button, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import { useDebouncedQueryValue } from '../../../admin/components/use-debounced-query-value.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
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
  { value: '', label: __('All levels', 'storeside') },
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
  const [query, setQuery] = useQueryState();
  const [search, setSearch] = useDebouncedQueryValue(query, setQuery, 'search');
  const [user, setUser] = useDebouncedQueryValue(query, setQuery, 'user');
  const invalidate = useInvalidate();
  const [confirm, setConfirm] = useState(false);
  const filters: LogFilters = {
    level: query.level,
    user: query.user,
    date: query.date,
    search: query.search,
  };
  const pageNumber = Number(query.paged ?? 1) || 1;
  const perPage = Number(query.per_page ?? 50) || 50;
  const logs = useApiQuery(
    logsPath(filters, pageNumber, perPage),
    () => fetchLogs(filters, pageNumber, perPage),
    { placeholderData: keepPreviousData },
  );
  useErrorNotice(logs.error);

  const clear = async () => {
    setConfirm(false);
    try {
      const { deleted } = await clearLogs();
      notices.show('success', sprintf(__('%d log entries deleted.', 'storeside'), deleted));
      setQuery({ paged: undefined });
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
      <fieldset className="storeside-filters">
        <legend className="screen-reader-text">{__('Filter the log', 'storeside')}</legend>
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Level', 'storeside')}
          value={query.level ?? ''}
          options={LEVELS}
          onChange={(level) => setQuery({ level, paged: undefined })}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('User', 'storeside')}
          value={user}
          onChange={setUser}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          type="date"
          label={__('Date (UTC)', 'storeside')}
          value={query.date ?? ''}
          onChange={(date) => setQuery({ date, paged: undefined })}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Search', 'storeside')}
          value={search}
          onChange={setSearch}
        />
      </fieldset>
      <ServerTable
        label={__('Log entries', 'storeside')}
        columns={COLUMNS}
        page={logs.data ?? null}
        loading={logs.isFetching}
        pageNumber={pageNumber}
        perPage={perPage}
        onPaging={(paged, per_page) => setQuery({ paged, per_page })}
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
