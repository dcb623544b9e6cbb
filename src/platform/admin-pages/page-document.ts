import type { FastifyReply } from 'fastify';
import { html, type SafeHtml, trustedHtml } from '../http/html.js';

/** Security headers of every server-rendered admin and login page. */
export const ADMIN_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // Styles: the components library injects its own <style> elements at run time.
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; connect-src 'self'; frame-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

// The login and notice pages' look: WordPress's login screen, small enough to inline.
const LOGIN_CSS = `
*{box-sizing:border-box}
body{margin:0;background:#f0f0f1;color:#1e1e1e;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Oxygen-Sans,Ubuntu,Cantarell,"Helvetica Neue",sans-serif}
main{width:340px;max-width:calc(100% - 32px);margin:8vh auto 0}
h1{font-size:22px;text-align:center;margin:0 0 24px}
form,.card{background:#fff;border:1px solid #c3c4c7;border-radius:4px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.04)}
label{display:block;font-weight:600;margin:0 0 4px}
input[type=text],input[type=password]{width:100%;font-size:18px;padding:6px 8px;margin:0 0 16px;border:1px solid #8c8f94;border-radius:4px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid #2271b1;outline-offset:2px}
.remember{display:flex;gap:6px;align-items:center;font-weight:400}
button{background:#2271b1;border:1px solid #2271b1;color:#fff;border-radius:3px;padding:6px 14px;font-size:14px;cursor:pointer;float:right}
button:hover{background:#135e96}
form::after{content:"";display:block;clear:both}
.notice{background:#fff;border-left:4px solid #72aee6;padding:12px;margin:0 0 16px;box-shadow:0 1px 1px rgba(0,0,0,.04)}
.notice.error{border-left-color:#d63638}
.links{margin:16px 0;padding:0 24px}
a{color:#2271b1}
`;

/** A complete standalone page (login, logout confirmation, access refused) in WordPress's login look. */
export function pageDocument(title: string, siteName: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<title>${title} ‹ ${siteName}</title>
<style>${trustedHtml(LOGIN_CSS)}</style>
</head>
<body>
<main>
<h1>${siteName}</h1>
${body}
</main>
</body>
</html>`.text;
}

/** Sends a {@link pageDocument} with the admin pages' headers. */
export function sendAdminPage(
  reply: FastifyReply,
  page: { title: string; site: string; body: SafeHtml; status: number },
): FastifyReply {
  return reply
    .code(page.status)
    .headers(ADMIN_PAGE_HEADERS)
    .send(pageDocument(page.title, page.site, page.body));
}
