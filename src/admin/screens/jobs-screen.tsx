import { __, sprintf } from '@wordpress/i18n';
import type { JobView } from '../../platform/platform.schemas.js';
import { FilterSelect, TextFilter } from '../components/list-filters.js';
import { knownValue, useListQuery } from '../components/list-query.js';
import { ListScreen, useListPage } from '../components/list-screen.js';
import { ScreenHeader } from '../components/screen-header.js';
import type { Column } from '../components/server-table.js';
import { DateTime } from './date-time.js';
import { jobStatusOptions, jobsPath } from './platform-client.js';
import './platform-screens.css';

/** Tools → Jobs: the jobs table, newest first, by status and hook (both in the URL), paged on the server. */
export default function JobsScreen() {
  const list = useListQuery();
  const status = knownValue(jobStatusOptions(), list.values.status);
  const path = jobsPath({ status, hook: list.values.hook?.trim() || undefined }, list.page, list.perPage);
  return (
    <>
      <ScreenHeader title={__('Jobs', 'storeside')} />
      <ListScreen<JobView>
        list={list}
        data={useListPage(path)}
        filtersLegend={__('Filter the jobs', 'storeside')}
        filters={
          <>
            <FilterSelect
              list={list}
              param="status"
              value={status ?? ''}
              label={__('Status', 'storeside')}
              all={__('All statuses', 'storeside')}
              options={jobStatusOptions()}
            />
            <TextFilter
              list={list}
              param="hook"
              label={__('Hook', 'storeside')}
              placeholder={__('e.g. platform.purge_expired_transients', 'storeside')}
            />
          </>
        }
        label={__('Jobs', 'storeside')}
        countLabel={['%s job', '%s jobs']}
        columns={jobColumns()}
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
