import { SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { JobView } from '../../platform/platform.schemas.js';
import { ScreenHeader } from '../components/screen-header.js';
import { type Column, ServerTable } from '../components/server-table.js';
import { useApiPage, useErrorNotice } from '../components/api-query.js';
import { useDebouncedQueryValue } from '../components/use-debounced-query-value.js';
import { useQueryState } from '../components/use-query-state.js';
import { DateTime } from './date-time.js';
import { jobStatusOptions, jobsPath, paging, pagingQuery } from './platform-client.js';
import './platform-screens.css';

/** Tools → Jobs: the jobs table, newest first, by status and hook (both in the URL), paged on the server. */
export default function JobsScreen() {
  const [query, setQuery] = useQueryState();
  const [hook, setHook] = useDebouncedQueryValue(query, setQuery, 'hook');
  const { page, perPage } = paging(query);
  const status = jobStatusOptions().some((option) => option.value === query.status)
    ? query.status
    : undefined;
  const path = jobsPath({ status, hook: query.hook?.trim() || undefined }, page, perPage);
  const { page: jobs, loading, error } = useApiPage<JobView>(path);

  useErrorNotice(error);

  return (
    <>
      <ScreenHeader title={__('Jobs', 'storeside')} />
      <fieldset className="storeside-filters">
        <legend className="screen-reader-text">{__('Filter the jobs', 'storeside')}</legend>
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Status', 'storeside')}
          value={status ?? ''}
          options={[{ value: '', label: __('All statuses', 'storeside') }, ...jobStatusOptions()]}
          onChange={(value) => setQuery({ status: value || undefined, paged: undefined })}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Hook', 'storeside')}
          value={hook}
          onChange={setHook}
          placeholder={__('e.g. platform.purge_expired_transients', 'storeside')}
          autoComplete="off"
          spellCheck={false}
        />
      </fieldset>
      <ServerTable<JobView>
        label={__('Jobs', 'storeside')}
        countLabel={['%s job', '%s jobs']}
        columns={jobColumns()}
        page={jobs}
        loading={loading}
        pageNumber={page}
        perPage={perPage}
        onPaging={(next, size) => setQuery(pagingQuery(next, size))}
        getItemId={(job) => String(job.id)}
        empty={__('No jobs found.', 'storeside')}
      />
    </>
  );
}

function jobColumns(): Column<JobView>[] {
  const statusLabels = new Map(jobStatusOptions().map((option) => [option.value, option.label]));
  return [
    { id: 'id', label: __('ID', 'storeside'), numeric: true, render: (job) => job.id },
    { id: 'hook', label: __('Hook', 'storeside'), render: (job) => <code>{job.hook}</code> },
    {
      id: 'status',
      label: __('Status', 'storeside'),
      render: (job) => (
        <span className={`storeside-badge storeside-job-${job.status}`}>
          {statusLabels.get(job.status) ?? job.status}
        </span>
      ),
    },
    {
      id: 'attempts',
      label: __('Attempts', 'storeside'),
      numeric: true,
      render: (job) =>
        sprintf(__('%1$s of %2$s', 'storeside'), String(job.attempts), String(job.max_attempts)),
    },
    {
      id: 'last_error',
      label: __('Last error', 'storeside'),
      render: (job) => (job.last_error ? <span className="storeside-job-error">{job.last_error}</span> : '—'),
    },
    { id: 'run_at', label: __('Run at', 'storeside'), render: (job) => <DateTime value={job.run_at} /> },
  ];
}
