import { Button, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiKey } from '../../../admin/components/api-query.js';
import { errorMessage } from '../../../admin/components/request-error.js';
import { useDebouncedValue } from '../../../admin/components/use-debounced-value.js';
import { previewTable, TABLES_NS } from './product-tables-client.js';
import { draftInput, type TableDraft } from './table-draft.js';

/** How long the preview waits after the last change before it asks the server (the original's ~500 ms). */
export const PREVIEW_DELAY_MS = 400;
const FRAME_HEIGHT = 560;
const WIDTHS = [
  { px: 1200, label: __('Desktop', 'storeside') },
  { px: 768, label: __('Tablet', 'storeside') },
  { px: 375, label: __('Mobile', 'storeside') },
];

/**
 * The storefront markup of the draft (`POST /preview`) in a sandboxed frame (no scripts, its own origin), at a
 * desktop, tablet or phone width; refreshed `PREVIEW_DELAY_MS` after the last change.
 */
export function LivePreview({ draft }: { draft: TableDraft }) {
  const [width, setWidth] = useState(1200);
  const input = useDebouncedValue(JSON.stringify(draftInput(draft)), PREVIEW_DELAY_MS);
  // Keyed by the draft: a draft seen before is shown from the cache; a newer draft aborts the older request.
  const preview = useQuery({
    queryKey: apiKey(`${TABLES_NS}/preview`, input),
    queryFn: ({ signal }) => previewTable(JSON.parse(input), signal),
    placeholderData: keepPreviousData,
  });
  // A failed preview leaves the last good one in the frame, under the error.
  const lastDoc = useRef<string | null>(null);
  if (preview.data) lastDoc.current = previewDocument(preview.data.html, preview.data.css_urls);
  const doc = lastDoc.current;
  const error = preview.error ? errorMessage(preview.error) : null;
  const loading = preview.isFetching;

  return (
    <section className="ptables-preview" aria-labelledby="ptables-preview-heading">
      <div className="ptables-preview-bar">
        <h2 id="ptables-preview-heading">{__('Live Preview', 'storeside')}</h2>
        <fieldset className="ptables-preview-widths">
          <legend className="screen-reader-text">{__('Preview width', 'storeside')}</legend>
          {WIDTHS.map((w) => (
            <Button
              key={w.px}
              size="compact"
              variant={width === w.px ? 'primary' : 'secondary'}
              aria-pressed={width === w.px}
              onClick={() => setWidth(w.px)}
            >
              {sprintf(__('%1$s (%2$d px)', 'storeside'), w.label, w.px)}
            </Button>
          ))}
        </fieldset>
        {loading ? <Spinner /> : null}
      </div>
      {error ? (
        <p role="alert" className="ptables-preview-error">
          {error}
        </p>
      ) : null}
      <section
        className="ptables-preview-stage"
        aria-label={__('Preview frame', 'storeside')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a frame wider than the screen scrolls by keyboard too
        tabIndex={0}
      >
        {doc === null ? (
          <p className="storeside-muted">{__('Rendering the preview…', 'storeside')}</p>
        ) : (
          <iframe
            title={__('Table preview', 'storeside')}
            sandbox=""
            srcDoc={doc}
            style={{ width, height: FRAME_HEIGHT }}
          />
        )}
      </section>
    </section>
  );
}

/** A whole document around the preview markup: the storefront stylesheet, and nothing that runs. */
function previewDocument(html: string, cssUrls: string[]): string {
  const links = cssUrls
    .map((url) => `<link rel="stylesheet" href="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">${links}<style>body{margin:16px;font:14px/1.5 system-ui,sans-serif;color:#1e1e1e}a{pointer-events:none}</style></head><body>${html}</body></html>`;
}
