import type { RestApp } from '../../../platform/http/server.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import type { VideosServices } from '../videos.services.js';
import { doc, MessageReply, ok } from '../videos.schemas.js';

const config = { auth: ADMIN_POLICY };
const NS = '/videos/v1';

/** `DELETE /videos/v1/logs`: deletes the debug log files. */
export function registerLogRoutes(app: RestApp, s: VideosServices): void {
  app.delete(
    `${NS}/logs`,
    { config, schema: { ...doc('Delete every log file'), response: ok(MessageReply) } },
    async () => {
      const deleted = await s.log.clear();
      return { success: true, message: `Deleted ${deleted} log file(s).`, deleted };
    },
  );
}
