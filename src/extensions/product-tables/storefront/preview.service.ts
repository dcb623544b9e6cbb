import type { EncodedBody } from '../../../platform/http/encoded-body.js';
import { sharedPart, splicedBody } from '../../../platform/http/spliced-body.js';
import type { ExtensionContext } from '../../define-extension.js';
import type { TableConfig, TableConfigInput } from '../config/table-config.schemas.js';
import { applyTableConfig } from '../config/table-config.service.js';
import type { PluginSettings } from '../settings/settings.schemas.js';
import type { StoredTable } from '../tables/tables.repository.js';
import { newTableDefaults } from '../tables/tables.service.js';
import { assetUrl } from './assets.js';
import {
  cachedSettings,
  cachedTable,
  type RenderResult,
  renderTable,
  settingsIfCached,
  tableIfCached,
} from './render.service.js';
import { TtlCache } from '../../../platform/cache/ttl-cache.js';
import { previewHead } from './table-markup.js';

/** What the preview endpoint renders: a configuration over a stored table (`id`) or over a new table's defaults. */
export type PreviewInput = TableConfigInput & { id?: number };

interface AppliedInput {
  /** The stored table or the settings it was applied over (a re-read is a new object: a change is seen here). */
  base: StoredTable | PluginSettings;
  /** The settings it was rendered with (the button text is part of the rendering). */
  settings: PluginSettings;
  config: TableConfig;
  /** Its rendering, reused until the render cache would drop it (`body.expires`). */
  rendered?: RenderResult;
}

const inputs = new WeakMap<ExtensionContext, TtlCache<AppliedInput>>();

/**
 * The preview endpoint's JSON body, `{html, css, css_urls}`: the storefront markup (reference §3.2) of `input`
 * applied over the stored table `id` (or a new table's defaults). `field` names the input in validation errors.
 * A repeated input reuses its applied configuration and rendering for as long as the render cache keeps it.
 */
export async function previewBody(
  ctx: ExtensionContext,
  input: PreviewInput,
  field: string,
): Promise<EncodedBody> {
  const { id, ...changes } = input;
  const settings = await cachedSettings(ctx);
  const stored = id === undefined ? null : await cachedTable(ctx, id);
  const base = stored ?? settings;
  const key = JSON.stringify([id, changes]);
  let entry = inputCache(ctx).get(key);
  if (entry?.base !== base || entry.settings !== settings) {
    entry = {
      base,
      settings,
      config: applyTableConfig(stored ?? newTableDefaults(settings), changes, field),
    };
    inputCache(ctx).set(key, entry, settings.render_cache_seconds * 1000);
  }
  const rendered = live(ctx, entry)
    ? entry.rendered
    : await renderTable(ctx, {
        id: id ?? null,
        config: entry.config,
        query: {},
        pageUrl: id === undefined ? '/product-table/preview' : `/product-table/${id}`,
      });
  entry.rendered = rendered;
  rendered.previewBody ??= previewJson(rendered, [`${ctx.config.publicUrl}${assetUrl('css')}`]);
  return rendered.previewBody;
}

/** `previewBody` of an input seen before, when its settings, table and body are all still cached (no waiting). */
export function cachedPreviewBody(ctx: ExtensionContext, input: PreviewInput): EncodedBody | undefined {
  const { id, ...changes } = input;
  return cachedBodyOf(ctx, id, JSON.stringify([id, changes]));
}

/** A check that `body` is still what `previewBody` would answer to `input` (for the replay lane). */
export function previewStillCurrent(
  ctx: ExtensionContext,
  input: PreviewInput,
  body: EncodedBody,
): () => boolean {
  const { id, ...changes } = input;
  const key = JSON.stringify([id, changes]);
  return () => cachedBodyOf(ctx, id, key) === body;
}

function cachedBodyOf(ctx: ExtensionContext, id: number | undefined, key: string): EncodedBody | undefined {
  const settings = settingsIfCached(ctx);
  const stored = id === undefined ? null : tableIfCached(ctx, id);
  if (settings === undefined || stored === undefined) return undefined;
  const entry = inputCache(ctx).get(key);
  if (entry?.base !== (stored ?? settings) || entry.settings !== settings || !live(ctx, entry))
    return undefined;
  return entry.rendered.previewBody;
}

/** Whether an input's rendering is there and the render cache would still keep it. */
function live(
  ctx: ExtensionContext,
  entry: AppliedInput,
): entry is AppliedInput & { rendered: RenderResult } {
  return entry.rendered !== undefined && entry.rendered.body.expires > ctx.clock.now().getTime();
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

function inputCache(ctx: ExtensionContext): TtlCache<AppliedInput> {
  let cache = inputs.get(ctx);
  if (!cache) {
    cache = new TtlCache({ maxEntries: 200, now: () => ctx.clock.now().getTime() });
    inputs.set(ctx, cache);
  }
  return cache;
}
