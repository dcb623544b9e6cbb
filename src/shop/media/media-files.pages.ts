import { NotFoundError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { readMediaFile } from './media.service.js';
import { UPLOADS_PATH } from './media-view.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;

/**
 * `/wp-content/uploads/<path>`: a stored file's bytes, from the database every instance shares. Names carry their
 * content's hash, so they are cached for a year as immutable; the ETag answers revalidations with 304.
 */
export function registerMediaFilePages(app: RestApp, ctx: ShopContext): void {
  app.get(`${UPLOADS_PATH}/*`, { config: PUBLIC_PAGE, schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const file = await readMediaFile(ctx, path);
    if (!file) throw new NotFoundError('rest_no_route', 'No file at this address.');
    const etag = `"${file.etag}"`;
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.header('Content-Type', file.mime_type).send(Buffer.from(file.bytes));
  });
}
