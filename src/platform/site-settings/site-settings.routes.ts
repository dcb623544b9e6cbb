import { Type } from '@sinclair/typebox';
import type { PlatformContext } from '../context.js';
import { invalid } from '../http/errors.js';
import type { RestApp } from '../http/server.js';
import { siteName } from '../admin-pages/site-identity.js';
import { DEFAULT_SITE_ICON } from './default-site-icon.js';
import { DEFAULT_SITE_ICON_PATH, isSiteIconUrl, SITE_ICON_OPTION, siteIconUrl } from './site-icon.js';
import { MAX_UPLOAD_LIMIT_KB, UPLOAD_LIMIT_OPTION, uploadLimitKb } from './upload-limit.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;
const ADMIN = { auth: { access: 'capability', capability: 'manage_options', nonce: 'cookie' } } as const;

const SiteSettings = Type.Object({
  title: Type.String({ description: 'Site title (option `blogname`).' }),
  url: Type.String({ description: 'Site address (read-only).' }),
  site_icon_url: Type.String({
    description: 'Site icon: an https URL or a path on this site; "" for the default icon at /favicon.ico.',
  }),
  fileupload_maxk: Type.Integer({
    description: 'Largest file the media library accepts, in KB (default 8192).',
  }),
});

/** `/wp/v2/settings` (WordPress's site settings, the ones Storeside has): site title, site icon, upload limit. */
export function registerSiteSettingsRoutes(app: RestApp, ctx: PlatformContext): void {
  app.get(
    '/wp/v2/settings',
    {
      config: ADMIN,
      schema: { tags: ['settings'], summary: 'The site settings.', response: { 200: SiteSettings } },
    },
    () => siteSettings(ctx),
  );

  app.post(
    '/wp/v2/settings',
    {
      config: ADMIN,
      schema: {
        tags: ['settings'],
        summary: 'Change site settings; the answer is every setting after the change.',
        body: Type.Object({
          title: Type.Optional(Type.String({ maxLength: 200 })),
          site_icon_url: Type.Optional(Type.String({ maxLength: 2000 })),
          fileupload_maxk: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_UPLOAD_LIMIT_KB })),
        }),
        response: { 200: SiteSettings },
      },
    },
    async (request) => {
      const { title, site_icon_url: icon, fileupload_maxk: uploadLimit } = request.body;
      if (icon !== undefined && !isSiteIconUrl(icon.trim()))
        throw invalid('site_icon_url', 'url', 'The site icon must be an https URL or a path on this site.');
      await ctx.db.transaction().execute(async (trx) => {
        if (title !== undefined) await ctx.options.set('blogname', title.trim(), trx);
        if (icon !== undefined) await ctx.options.set(SITE_ICON_OPTION, icon.trim(), trx);
        if (uploadLimit !== undefined) await ctx.options.set(UPLOAD_LIMIT_OPTION, uploadLimit, trx);
      });
      return siteSettings(ctx);
    },
  );
}

/**
 * `/favicon.ico`, which browsers ask for on every site: the default icon, or (as WordPress's `do_favicon`) a
 * redirect to the icon set in the settings.
 */
export function registerSiteIconPage(app: RestApp, ctx: PlatformContext): void {
  app.get(
    DEFAULT_SITE_ICON_PATH,
    { config: PUBLIC_PAGE, schema: { hide: true } },
    async (_request, reply) => {
      const url = await siteIconUrl(ctx.options);
      if (url !== DEFAULT_SITE_ICON_PATH)
        return reply.header('Cache-Control', 'public, max-age=300').redirect(url, 302);
      return reply
        .header('Content-Type', 'image/x-icon')
        .header('Cache-Control', 'public, max-age=86400')
        .send(DEFAULT_SITE_ICON);
    },
  );
}

async function siteSettings(ctx: PlatformContext) {
  const icon = await siteIconUrl(ctx.options);
  return {
    title: await siteName(ctx.options),
    url: ctx.config.publicUrl,
    site_icon_url: icon === DEFAULT_SITE_ICON_PATH ? '' : icon,
    fileupload_maxk: await uploadLimitKb(ctx.options),
  };
}
