import type { JobHandler } from '../../platform/jobs/job-queue.js';
import { fromDbTime } from '../../platform/db/sql-helpers.js';
import { RestError } from '../../platform/http/errors.js';
import { readSyncState } from './library/library.repository.js';
import type { VideosServices } from './videos.services.js';

/** Job handlers: the auto sync (hourly check, syncs when the library is older than its freshness window) and the license re-check. */
export function videosJobs(s: VideosServices): Record<string, JobHandler> {
  const { ctx } = s;
  return {
    'videos.auto_sync': async () => {
      const { settings } = await s.settings.load();
      const configured =
        settings.connection_method === 'api'
          ? settings.api_key && settings.channel_id
          : settings.refresh_token;
      if (!settings.auto_sync || !configured) return;
      const state = await readSyncState(ctx.db);
      // Fresh for `cache_duration` hours, but never older than a day.
      const maxAgeMs = Math.min(settings.cache_duration, 24) * 3_600_000;
      const last = state.last_success_at ? fromDbTime(state.last_success_at).getTime() : 0;
      if (ctx.clock.now().getTime() - last < maxAgeMs) return;
      try {
        await s.sync.sync();
      } catch (error) {
        // Recorded in the sync state and the log; a running manual sync or a quota stop is not a job failure.
        if (!(error instanceof RestError)) throw error;
      }
    },
    'videos.license_recheck': async () => {
      await s.license.recheck();
    },
  };
}

/** Ensures the recurring jobs exist. */
export async function scheduleVideosJobs({ ctx }: VideosServices): Promise<void> {
  await ctx.jobs.scheduleRecurring({ hook: 'videos.auto_sync', intervalSeconds: 3600 });
  await ctx.jobs.scheduleRecurring({ hook: 'videos.license_recheck', dailyAt: '04:20' });
}
