import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { PlatformContext } from '../context.js';
import { html, jsonScript } from '../http/html.js';
import type { RestApp } from '../http/server.js';
import { type AdminModule, mayEnterAdmin } from './admin-access.js';
import { ADMIN_ASSETS_PREFIX, ADMIN_DIST_DIR, type AdminEntryFiles, readAdminEntry } from './admin-assets.js';
import type { AdminBoot } from './admin-boot.schemas.js';
import { LOGOUT_ACTION } from './login.pages.js';
import { ADMIN_PAGE_HEADERS, pageDocument } from './page-document.js';
import { siteIconLink, siteIconUrl } from '../site-settings/site-icon.js';
import { siteName } from './site-identity.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;

/**
 * The admin app: every `GET /wp-admin/…` answers the shell page with its boot object (login first when logged
 * out; a 403 page for users without an admin capability), and the built files under `/wp-admin/assets/`.
 */
export async function registerAdminShell(
  app: RestApp,
  ctx: PlatformContext,
  modules: readonly AdminModule[],
  distDir = ADMIN_DIST_DIR,
): Promise<void> {
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: ADMIN_ASSETS_PREFIX,
      preCompressed: true,
      index: false,
      wildcard: true,
      immutable: true,
      maxAge: '365d',
      cacheControl: true,
    });
  }

  const shell = async (request: { principal: Principal; url: string }, reply: FastifyReply) => {
    const principal = request.principal;
    if (principal.kind !== 'user')
      return reply.redirect(`/wp-login.php?redirect_to=${encodeURIComponent(request.url)}`, 302);
    const site = await siteName(ctx.options);
    reply.headers(ADMIN_PAGE_HEADERS);
    if (!mayEnterAdmin(principal, modules))
      return reply.code(403).send(pageDocument('Access denied', site, accessDenied()));
    // Read per page load (a small file): a rebuild while the server runs (`npm run dev`) is served at once.
    const entry = readAdminEntry(distDir);
    if (!entry)
      return reply
        .code(503)
        .send(
          pageDocument(
            'Admin not built',
            site,
            html`<div class="notice error" role="alert">The admin app has not been built. Run <code>npm run build:admin</code> and restart.</div>`,
          ),
        );
    const boot = bootObject(ctx, principal, modules, site);
    return reply.send(shellDocument(entry, boot, await siteIconUrl(ctx.options)));
  };
  app.get('/wp-admin/', { config: PUBLIC_PAGE, schema: { hide: true } }, shell);
  app.get('/wp-admin/*', { config: PUBLIC_PAGE, schema: { hide: true } }, shell);
}

function bootObject(
  ctx: PlatformContext,
  principal: Extract<Principal, { kind: 'user' }>,
  modules: readonly AdminModule[],
  site: string,
): AdminBoot {
  const subject = ctx.auth.nonceSubject(principal);
  const { user } = principal;
  return {
    root: '/wp-json/',
    nonce: ctx.nonces.create(subject),
    nonceEndpoint: '/wp-admin/admin-ajax.php?action=rest-nonce',
    logoutUrl: `/wp-login.php?action=logout&_wpnonce=${ctx.nonces.create(subject, LOGOUT_ACTION)}`,
    siteName: site,
    currency: ctx.config.currency,
    user: {
      id: user.id,
      username: user.username,
      name: user.display_name || user.username,
      email: user.email,
      role: user.role,
    },
    capabilities: [...principal.capabilities].sort(),
    modules: modules.filter((m) => principal.capabilities.has(m.capability)).map((m) => ({ ...m })),
  };
}

function shellDocument(entry: AdminEntryFiles, boot: AdminBoot, icon: string): string {
  const asset = (file: string) => `${ADMIN_ASSETS_PREFIX}${file}`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<title>Dashboard ‹ ${boot.siteName} — Storeside</title>
${siteIconLink(icon)}
${entry.styles.map((file) => html`<link rel="stylesheet" href="${asset(file)}">`)}
${entry.preload.map((file) => html`<link rel="modulepreload" href="${asset(file)}">`)}
<script type="module" src="${asset(entry.script)}"></script>
</head>
<body class="wp-admin">
<script type="application/json" id="storeside-boot">${jsonScript(boot)}</script>
<div id="storeside-admin"><p class="storeside-loading">Loading…</p></div>
<noscript>The Storeside admin needs JavaScript.</noscript>
</body>
</html>`.text;
}

function accessDenied() {
  return html`<div class="notice error" role="alert"><p>Sorry, you are not allowed to access this page.</p></div>
<p class="links"><a href="/">← Go to the shop</a> · <a href="/wp-login.php?action=logout">Log out</a></p>`;
}
