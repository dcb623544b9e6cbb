import { type TSchema, Type } from '@sinclair/typebox';
import { LIBRARY_SORTS } from './library/library.repository.js';

/** An 11-character YouTube video id. */
export const VideoId = Type.String({
  pattern: '^[A-Za-z0-9_-]{11}$',
  description: 'YouTube video id (11 characters).',
});

/** Body of POST /auth/connect and POST /videoplatform/test-connection. */
export const CredentialsBody = Type.Object({
  connection_method: Type.Union([Type.Literal('oauth'), Type.Literal('api')]),
  api_key: Type.Optional(Type.String({ maxLength: 200 })),
  channel_id: Type.Optional(
    Type.String({ pattern: '^(UC[A-Za-z0-9_-]{22})?$', description: 'A `UC…` channel id.' }),
  ),
  refresh_token: Type.Optional(Type.String({ maxLength: 2000 })),
  connection_string: Type.Optional(Type.String({ maxLength: 4000 })),
});

/** Channel metadata from test-connection. */
export const ChannelReply = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  channel_id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  thumbnails: Type.Object({ default: Type.String(), medium: Type.String(), high: Type.String() }),
});

const Video = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  thumbnail_url: Type.String(),
  published_at: Type.String(),
  duration: Type.String({ description: 'ISO 8601, e.g. PT4M13S' }),
  duration_seconds: Type.Integer(),
  view_count: Type.Integer(),
});

/** Query of GET /videoplatform/videos. */
export const VideosQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  sort: Type.Optional(
    Type.Union(
      LIBRARY_SORTS.map((s) => Type.Literal(s)),
      { default: 'date_desc' },
    ),
  ),
  page_token: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** Reply of GET /videoplatform/videos. */
export const VideosReply = Type.Object({
  videos: Type.Array(
    Type.Composite([
      Video,
      Type.Object({
        products: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
        is_assigned: Type.Boolean(),
        assigned_count: Type.Integer(),
      }),
    ]),
  ),
  next_page_token: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer(),
  can_search: Type.Boolean(),
});

/** Reply of GET /videoplatform/sync-library. */
export const SyncReply = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  video_count: Type.Integer(),
  added: Type.Integer(),
  removed: Type.Integer(),
  last_sync_time: Type.Integer(),
  quota_units: Type.Integer(),
  channel: Type.Object({
    channel_id: Type.String(),
    title: Type.String(),
    thumbnails_default: Type.String(),
    thumbnails_medium: Type.String(),
  }),
});

/** Reply of GET /videoplatform/sync-library-status. */
export const SyncStatusReply = Type.Object({
  status: Type.Union([Type.Literal('idle'), Type.Literal('running'), Type.Literal('failed')]),
  last_sync_time: Type.Integer({ description: 'Unix seconds of the last successful sync, 0 = never.' }),
  last_success_at: Type.Union([Type.String(), Type.Null()]),
  started_at: Type.Union([Type.String(), Type.Null()]),
  last_error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
  progress: Type.Object({ done: Type.Integer(), total: Type.Integer() }),
  library_size: Type.Integer(),
  quota_used_today: Type.Integer(),
  quota_units_last_run: Type.Integer(),
  channel_name: Type.String(),
  connection_status: Type.String(),
});

const AssignedVideo = Type.Composite([
  Video,
  Type.Object({ position: Type.Integer(), in_library: Type.Boolean() }),
]);

/** Reply of GET /products. */
export const ProductsReply = Type.Object({
  products: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      sku: Type.String(),
      thumbnail: Type.String(),
      assigned_videos: Type.Array(AssignedVideo),
      video_count: Type.Integer(),
    }),
  ),
  total_items: Type.Integer(),
  total_pages: Type.Integer(),
  current_page: Type.Integer(),
});

/** Body of POST /products/bulk-assign (video ids as strings or `{id}` objects, as the original UI sends). */
export const BulkAssignBody = Type.Object({
  product_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100 }),
  video_ids: Type.Array(Type.Union([VideoId, Type.Object({ id: VideoId }, { additionalProperties: true })]), {
    minItems: 1,
    maxItems: 50,
  }),
  action: Type.Optional(Type.Union([Type.Literal('assign'), Type.Literal('remove')], { default: 'assign' })),
});

/** Reply of bulk-assign. */
export const BulkAssignReply = Type.Object({
  success: Type.Boolean(),
  action: Type.String(),
  message: Type.String(),
  updated: Type.Array(Type.Object({ product_id: Type.Integer(), video_ids: Type.Array(Type.String()) })),
  skipped: Type.Array(Type.Object({ product_id: Type.Integer(), reason: Type.String() })),
});

/** Body of POST /products/video-order. */
export const VideoOrderBody = Type.Object({
  product_id: Type.Integer({ minimum: 1 }),
  video_order: Type.Array(VideoId, { maxItems: 200 }),
});

/** Reply of video-order. */
export const VideoOrderReply = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  product_id: Type.Integer(),
  video_order: Type.Array(Type.String()),
});

/** A plain `{success, message}` reply. */
export const MessageReply = Type.Object(
  { success: Type.Boolean(), message: Type.String() },
  { additionalProperties: true },
);

/** Body of POST /license/activate. */
export const LicenseBody = Type.Object({ license_key: Type.String({ minLength: 1, maxLength: 200 }) });

/** Reply of the license routes. */
export const LicenseReply = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  license_status: Type.String(),
  expires_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

/** Query of the OAuth callback. */
export const OAuthCallbackQuery = Type.Object({
  state: Type.String({ minLength: 1, maxLength: 1000 }),
  refresh_token: Type.Optional(Type.String({ maxLength: 2000 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
});

/** `tags` + `summary` for a route's OpenAPI entry. */
export function doc(summary: string, tag = 'videos'): { tags: string[]; summary: string } {
  return { tags: [tag], summary };
}

/** A 200 response schema map. */
export function ok(schema: TSchema) {
  return { 200: schema };
}
