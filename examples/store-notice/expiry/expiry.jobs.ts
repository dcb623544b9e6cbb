import type { JobHandler } from '../../../src/platform/jobs/job-queue.js';
import type { StoreNoticeServices } from '../store-notice.services.js';

/** The daily job that switches the notice off once its last day has passed. */
export const EXPIRE_NOTICE_JOB = 'store_notice.expire';

/** The extension's job handlers by hook. */
export function expiryJobs({ ctx, settings }: StoreNoticeServices): Record<string, JobHandler> {
  return {
    async [EXPIRE_NOTICE_JOB]() {
      const { enabled, ends_on } = await settings.get();
      const today = ctx.clock.now().toISOString().slice(0, 10);
      if (enabled && ends_on !== null && ends_on < today) await settings.update({ enabled: false });
    },
  };
}

/** Ensures the recurring job exists (run at start, after migrations). */
export async function scheduleExpiryJob({ ctx }: StoreNoticeServices): Promise<void> {
  await ctx.jobs.scheduleRecurring({ hook: EXPIRE_NOTICE_JOB, dailyAt: '00:05' });
}
