import { can, type Principal } from '../../../platform/auth/principal.js';
import { html } from '../../../platform/http/html.js';
import type { ExtensionContext } from '../../define-extension.js';
import { findTablesByIds, type StoredTable } from '../tables/tables.repository.js';
import { renderTable, visitorParts } from './render.service.js';
import { visitorHtml } from './table-markup.js';
import type { RenderQuery } from './table-query.js';

const SHORTCODE = /\[producttables\s+id\s*=\s*(?:"(\d+)"|'(\d+)'|(\d+))\s*\]/g;

/** Where shortcodes are being rendered: who looks, their table query, and the page's URL. */
export interface ShortcodeContext {
  viewer: Principal;
  query: RenderQuery;
  pageUrl: string;
}

/**
 * Replaces every `[producttables id="N"]` in page HTML by the published table's markup. Unknown or unpublished
 * tables render nothing for visitors; administrators see a notice instead.
 */
export async function renderShortcodes(
  ctx: ExtensionContext,
  pageHtml: string,
  at: ShortcodeContext,
): Promise<string> {
  const ids = [...pageHtml.matchAll(SHORTCODE)].map((m) => Number(m[1] ?? m[2] ?? m[3]));
  if (ids.length === 0) return pageHtml;
  const tables = new Map((await findTablesByIds(ctx.db, ids)).map((t) => [t.id, t]));
  const rendered = new Map<number, string>();
  for (const id of new Set(ids)) rendered.set(id, await renderOne(ctx, id, tables.get(id), at));
  return pageHtml.replace(SHORTCODE, (_m, a, b, c) => rendered.get(Number(a ?? b ?? c)) ?? '');
}

/** The markup of one table for a viewer: the table when published, a notice for administrators, else nothing. */
export async function renderOne(
  ctx: ExtensionContext,
  id: number,
  table: StoredTable | undefined,
  at: ShortcodeContext,
): Promise<string> {
  if (table?.status !== 'publish') {
    if (!can(at.viewer, 'manage_options')) return '';
    const why = table ? `is not published (status: ${table.status})` : 'does not exist';
    return html`<div class="producttables-admin-notice" role="note">Product table #${id} ${why}; visitors see nothing here.</div>`
      .text;
  }
  const [rendered, visitor] = await Promise.all([
    renderTable(ctx, { id, config: table, version: table.modified_at, query: at.query, pageUrl: at.pageUrl }),
    visitorParts(ctx, id, at.viewer),
  ]);
  return visitorHtml(rendered, visitor);
}
