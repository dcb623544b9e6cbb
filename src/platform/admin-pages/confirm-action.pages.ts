import type { FastifyReply } from 'fastify';
import type { PlatformContext } from '../context.js';
import { html } from '../http/html.js';
import { confirmErasureRequest } from '../privacy/erasure-requests.service.js';
import { sendAdminPage } from './page-document.js';
import { siteName } from './site-identity.js';

/**
 * `GET /wp-login.php?action=confirmaction&request_id=…&confirm_key=…`: the link of WordPress's "Confirm Action"
 * e-mail. A live key confirms its pending request once; anything else shows WordPress's "invalid key" page.
 */
export async function showConfirmActionPage(
  ctx: PlatformContext,
  reply: FastifyReply,
  input: { request_id?: string; confirm_key?: string },
): Promise<FastifyReply> {
  const id = Number(input.request_id);
  const key = input.confirm_key ?? '';
  const confirmed =
    Number.isSafeInteger(id) && id > 0 && key !== '' ? await confirmErasureRequest(ctx, { id, key }) : null;
  const site = await siteName(ctx.options);
  if (!confirmed)
    return sendAdminPage(reply, {
      title: 'Invalid Key',
      site,
      body: html`<div id="login_error" class="notice notice-error" role="alert"><p>The confirmation key is invalid for this personal data request.</p></div>`,
      status: 400,
    });
  return sendAdminPage(reply, {
    title: 'Action Confirmed',
    site,
    body: html`<div class="notice notice-success message" role="status"><p>Thanks for confirming your erasure request. The site administrator can now erase your personal data.</p></div>`,
    status: 200,
  });
}
