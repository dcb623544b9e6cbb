import { type Static, Type } from '@sinclair/typebox';
import { principalUser } from '../../platform/auth/principal.js';
import { pageWindow, setPaginationHeaders } from '../../platform/http/collection.js';
import { RestError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import { MAX_UPLOAD_LIMIT_KB } from '../../platform/site-settings/upload-limit.js';
import type { ShopContext } from '../shop-part.js';
import {
  MediaDeletedResponse,
  MediaDeleteQuery,
  MediaIdParams,
  MediaListQuery,
  MediaResponse,
  MediaUpdateBody,
} from './media.schemas.js';
import {
  changeMedia,
  listMediaPage,
  type MediaTextInput,
  removeMedia,
  requireMedia,
  uploadMedia,
} from './media.service.js';
import { mediaView } from './media-view.js';
import { readUpload } from './upload-body.js';

/** Who may upload and edit media: WordPress's `upload_files`, with the nonce when a cookie carries the login. */
export const MEDIA_AUTH = { access: 'capability', capability: 'upload_files', nonce: 'cookie' } as const;
const PUBLIC = { access: 'public', nonce: 'never' } as const;
const TAGS = ['media'];
// The largest body an upload route reads: the highest upload limit plus room for multipart's framing.
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_LIMIT_KB * 1024 + 1024 * 1024;

/** `wp/v2/media`: upload (raw body or multipart), list, read, edit and delete attachments, as WordPress. */
export function registerMediaRoutes(app: RestApp, ctx: ShopContext): void {
  const view = (row: Parameters<typeof mediaView>[0]) => mediaView(row, ctx.config.publicUrl);

  app.post(
    '/wp/v2/media',
    {
      config: { auth: MEDIA_AUTH },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary:
          'Upload an image: the file as the body with `Content-Disposition: attachment; filename=…`, or multipart `file`.',
        querystring: Type.Object({
          title: Type.Optional(Type.String({ maxLength: 250 })),
          alt_text: Type.Optional(Type.String({ maxLength: 1000 })),
          caption: Type.Optional(Type.String({ maxLength: 5000 })),
        }),
        response: { 201: MediaResponse },
      },
    },
    async (request, reply) => {
      const file = await readUpload(request.headers, request.body);
      const text = { ...request.query, ...textFields(file.fields) };
      const row = await uploadMedia(ctx, { file, text, authorId: principalUser(request.principal)?.id ?? 0 });
      reply.code(201);
      reply.header('Location', `${ctx.config.publicUrl}/wp-json/wp/v2/media/${row.id}`);
      return view(row);
    },
  );

  app.get(
    '/wp/v2/media',
    {
      config: { auth: PUBLIC },
      schema: {
        tags: TAGS,
        summary: 'List the media library, newest first.',
        querystring: MediaListQuery,
        response: { 200: Type.Array(MediaResponse) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page: perPage = 10 } = request.query;
      const { rows, total } = await listMediaPage(
        ctx,
        {
          mediaType: request.query.media_type,
          mimeType: request.query.mime_type,
          search: request.query.search,
        },
        pageWindow(page, perPage),
      );
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      return rows.map(view);
    },
  );

  app.get(
    '/wp/v2/media/:id',
    {
      config: { auth: PUBLIC },
      schema: {
        tags: TAGS,
        summary: 'Read an attachment.',
        params: MediaIdParams,
        response: { 200: MediaResponse },
      },
    },
    async (request) => view(await requireMedia(ctx, request.params.id)),
  );

  for (const method of ['POST', 'PUT', 'PATCH'] as const)
    app.route({
      method,
      url: '/wp/v2/media/:id',
      config: { auth: MEDIA_AUTH },
      schema: {
        tags: TAGS,
        summary: "Change an attachment's title, alternative text or caption.",
        params: MediaIdParams,
        body: MediaUpdateBody,
        response: { 200: MediaResponse },
      },
      handler: async (request) => {
        const { id } = request.params as Static<typeof MediaIdParams>;
        const body = (request.body ?? {}) as Static<typeof MediaUpdateBody>;
        return view(
          await changeMedia(ctx, id, {
            title: rawText(body.title),
            alt_text: body.alt_text,
            caption: rawText(body.caption),
          }),
        );
      },
    });

  app.delete(
    '/wp/v2/media/:id',
    {
      config: { auth: MEDIA_AUTH },
      schema: {
        tags: TAGS,
        summary: 'Delete an attachment and its files (`force=true` required: media has no trash).',
        params: MediaIdParams,
        querystring: MediaDeleteQuery,
        response: { 200: MediaDeletedResponse },
      },
    },
    async (request) => {
      if (request.query.force !== true) {
        await requireMedia(ctx, request.params.id);
        throw new RestError(
          'rest_trash_not_supported',
          "The post does not support trashing. Set 'force' to 'true' to delete.",
          501,
        );
      }
      return { deleted: true, previous: view(await removeMedia(ctx, request.params.id)) };
    },
  );
}

function rawText(value: string | { raw: string } | undefined): string | undefined {
  return typeof value === 'object' ? value.raw : value;
}

// The text fields a multipart upload may carry beside its file, within the update's limits.
function textFields(fields: Record<string, string>): MediaTextInput {
  const out: MediaTextInput = {};
  if (fields.title !== undefined) out.title = fields.title.slice(0, 250);
  if (fields.alt_text !== undefined) out.alt_text = fields.alt_text.slice(0, 1000);
  if (fields.caption !== undefined) out.caption = fields.caption.slice(0, 5000);
  return out;
}
