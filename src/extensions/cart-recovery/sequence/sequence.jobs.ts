import type { JobHandler } from '../../../platform/jobs/job-queue.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { HOOKS } from '../common/job-hooks.js';
import { checkSessionAbandonment, sweepAbandonment } from './abandonment.service.js';
import { sendStep } from './send.service.js';

/** Job handlers of abandonment detection and the e-mail sequence. */
export function sequenceJobs(cr: CartRecovery): Record<string, JobHandler> {
  return {
    [HOOKS.detectSession]: async (args) => checkSessionAbandonment(cr, Number(args.session)),
    [HOOKS.sweep]: async () => {
      await sweepAbandonment(cr);
    },
    [HOOKS.sendStep]: async (args, { job }) => {
      await sendStep(cr, {
        sessionId: Number(args.session),
        step: Number(args.step),
        workerId: `job-${job.id}`,
      });
    },
  };
}
