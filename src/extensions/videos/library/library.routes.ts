import { sendJsonBytes } from '../../../platform/http/encoded-body.js';
import type { RestApp } from '../../../platform/http/server.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import type { VideosServices } from '../videos.services.js';
import { doc, ok, SyncReply, SyncStatusReply, VideosQuery, VideosReply } from '../videos.schemas.js';
import { LIBRARY_LISTING_TOPICS } from './library-query.service.js';

const config = { auth: ADMIN_POLICY };
const NS = '/videos/v1';

/** The library routes of `videos/v1`: sync the channel, its status, and the local library's listing. */
export function registerLibraryRoutes(app: RestApp, s: VideosServices): void {
  app.get(
    `${NS}/videoplatform/sync-library`,
    { config, schema: { ...doc('Sync the whole channel library now'), response: ok(SyncReply) } },
    async () => s.sync.sync(),
  );

  app.get(
    `${NS}/videoplatform/sync-library-status`,
    { config, schema: { ...doc('Sync state (never calls the platform)'), response: ok(SyncStatusReply) } },
    async () => s.sync.status(),
  );

  app.get(
    `${NS}/videoplatform/videos`,
    {
      config: { ...config, cache: { topics: LIBRARY_LISTING_TOPICS } },
      schema: {
        ...doc('Search, sort and page the local library'),
        querystring: VideosQuery,
        response: ok(VideosReply),
      },
    },
    async (request, reply) => {
      // The cached JSON body (`_fields` / `_envelope` are applied to its parsed value).
      return sendJsonBytes(request, reply, await s.library.listBody(request.query));
    },
  );
}
