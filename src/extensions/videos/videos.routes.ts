import { sendJsonBytes } from '../../platform/http/encoded-body.js';
import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../platform/http/server.js';
import type { ExtensionContext } from '../define-extension.js';
import {
  BulkAssignBody,
  BulkAssignReply,
  ChannelReply,
  CredentialsBody,
  doc,
  MessageReply,
  OAuthCallbackQuery,
  ok,
  ProductsReply,
  SyncReply,
  SyncStatusReply,
  VideoOrderBody,
  VideoOrderReply,
  VideosQuery,
  VideosReply,
} from './videos.schemas.js';
import { SettingsReply } from './settings/settings.schemas.js';
import { videosServices } from './videos.services.js';
import { VIDEOS_POLICY } from './common/admin-policy.js';
import { LIBRARY_LISTING_TOPICS } from './library/library-query.service.js';

const config = { auth: VIDEOS_POLICY };
const NS = '/videos/v1';

/** Registers the `videos/v1` routes (HTTP only: schema, call one service, shape the reply). */
export function registerVideosRoutes(app: RestApp, ctx: ExtensionContext): void {
  const s = videosServices(ctx);

  app.post(
    `${NS}/auth/connect`,
    {
      config,
      schema: {
        ...doc('Save channel credentials and test them'),
        body: CredentialsBody,
        response: ok(SettingsReply),
      },
    },
    async (request) => ({
      success: true,
      message: 'Channel connected.',
      data: await s.settings.view(await s.connection.connect(request.body)),
    }),
  );

  app.get(
    `${NS}/videoplatform/oauth-connect`,
    {
      config,
      schema: { ...doc('Redirect to the OAuth proxy to start consent'), response: { 302: Type.Null() } },
    },
    async (request, reply) => reply.redirect(await s.connection.oauthConnectUrl(request.principal), 302),
  );

  app.get(
    `${NS}/videoplatform/oauth-callback`,
    {
      config,
      schema: {
        ...doc('Where the OAuth proxy returns (state check, then connect)'),
        querystring: OAuthCallbackQuery,
        response: ok(SettingsReply),
      },
    },
    async (request) => ({
      success: true,
      message: 'Channel connected.',
      data: await s.settings.view(await s.connection.oauthCallback(request.principal, request.query)),
    }),
  );

  app.post(
    `${NS}/videoplatform/test-connection`,
    {
      config,
      schema: {
        ...doc('Test credentials without saving anything'),
        body: CredentialsBody,
        response: ok(ChannelReply),
      },
    },
    async (request) => {
      const channel = await s.connection.test(request.body);
      return {
        success: true,
        message: 'Connection successful!',
        channel_id: channel.channel_id,
        title: channel.title,
        description: channel.description,
        thumbnails: channel.thumbnails,
      };
    },
  );

  app.delete(
    `${NS}/videoplatform/disconnect`,
    {
      config,
      schema: {
        ...doc('Clear the connection status and channel name (credentials kept)'),
        response: ok(SettingsReply),
      },
    },
    async () => ({
      success: true,
      message: 'Account disconnected; stored credentials were kept.',
      data: await s.settings.view(await s.connection.disconnect()),
    }),
  );

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

  app.get(
    `${NS}/products`,
    {
      config,
      schema: {
        ...doc('Published products by name or SKU with their videos'),
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 200 })),
          page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
        }),
        response: ok(ProductsReply),
      },
    },
    async (request, reply) => {
      const result = await s.assignments.searchProducts({
        search: request.query.search,
        page: request.query.page ?? 1,
      });
      reply.header('X-WP-Total', String(result.total_items));
      reply.header('X-WP-TotalPages', String(result.total_pages));
      return result;
    },
  );

  app.post(
    `${NS}/products/bulk-assign`,
    {
      config,
      schema: {
        ...doc('Assign or remove videos across products'),
        body: BulkAssignBody,
        response: ok(BulkAssignReply),
      },
    },
    async (request) =>
      s.assignments.bulkAssign({
        product_ids: request.body.product_ids,
        video_ids: request.body.video_ids.map((v) => (typeof v === 'string' ? v : v.id)),
        action: request.body.action ?? 'assign',
      }),
  );

  app.post(
    `${NS}/products/video-order`,
    {
      config,
      schema: {
        ...doc("Store a product's gallery order"),
        body: VideoOrderBody,
        response: ok(VideoOrderReply),
      },
    },
    async (request) => s.assignments.setOrder(request.body),
  );

  app.delete(
    `${NS}/logs`,
    { config, schema: { ...doc('Delete every log file'), response: ok(MessageReply) } },
    async () => {
      const deleted = await s.log.clear();
      return { success: true, message: `Deleted ${deleted} log file(s).`, deleted };
    },
  );
}
