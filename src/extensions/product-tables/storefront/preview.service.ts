import type { EncodedBody } from '../../../platform/http/encoded-body.js';
import { sharedPart, splicedBody } from '../../../platform/http/spliced-body.js';
import type { ExtensionContext } from '../../define-extension.js';
import type { TableConfigInput } from '../config/table-config.schemas.js';
import { applyTableConfig } from '../config/table-config.service.js';
import { newTableDefaults } from '../tables/tables.service.js';
import { stylesheetUrl } from './assets.js';
import { cachedSettings, cachedTable, type RenderResult, renderTable } from './render.service.js';
import { previewHead } from './table-markup.js';

/** What the preview endpoint renders: a configuration over a stored table (`id`) or over a new table's defaults. */
export type PreviewInput = TableConfigInput & { id?: number };

/**
 * The preview endpoint's JSON body, `{html, css, css_urls}`: the storefront markup (reference §3.2) of `input`
 * applied over the stored table `id` (or a new table's defaults). `field` names the input in validation errors.
 * The rendering comes from the render caches, so a repeated or restyled input reuses its rows.
 */
export async function previewBody(
  ctx: ExtensionContext,
  input: PreviewInput,
  field: string,
): Promise<EncodedBody> {
  const { id, ...changes } = input;
  const [settings, stored] = await Promise.all([
    cachedSettings(ctx),
    id === undefined ? null : cachedTable(ctx, id),
  ]);
  const rendered = await renderTable(ctx, {
    id: id ?? null,
    config: applyTableConfig(stored ?? newTableDefaults(settings), changes, field),
    query: {},
    pageUrl: id === undefined ? '/product-table/preview' : `/product-table/${id}`,
  });
  rendered.previewBody ??= previewJson(rendered, [`${ctx.config.publicUrl}${stylesheetUrl()}`]);
  return rendered.previewBody;
}

/**
 * `JSON.stringify({html, css, css_urls})` of a rendering, built from the JSON of its parts: the tail (rows,
 * controls) is escaped and encoded once per body and shared by the previews of every style. The parts meet at
 * ASCII characters (`>` then `<`), so the result is byte for byte the same.
 */
function previewJson(rendered: RenderResult, cssUrls: string[]): EncodedBody {
  const head = JSON.stringify(previewHead(rendered));
  rendered.body.tailJson ??= sharedPart(JSON.stringify(rendered.tail).slice(1, -1));
  return splicedBody([
    `{"html":${head.slice(0, -1)}`,
    rendered.body.tailJson,
    `","css":${JSON.stringify(rendered.css)},"css_urls":${JSON.stringify(cssUrls)}}`,
  ]);
}
