import type { ExtensionContext } from '../../define-extension.js';
import type { ActivityActor } from '../logs/activity-actor.js';
import { logActivity } from '../logs/activity-log.service.js';
import { readOnboarded, writeOnboarded } from '../settings/settings.store.js';

/** Marks onboarding done (logged). */
export async function completeOnboarding(ctx: ExtensionContext, actor: ActivityActor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await writeOnboarded(ctx.options, trx);
    await logActivity(ctx, { level: 'info', title: 'Onboarding completed' }, actor, trx);
  });
}

/** True once onboarding is done. */
export async function isOnboarded(ctx: ExtensionContext): Promise<boolean> {
  return readOnboarded(ctx.options);
}
