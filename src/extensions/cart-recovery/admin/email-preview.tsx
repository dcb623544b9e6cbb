import { Button, ButtonGroup } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useRef, useState } from 'react';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { useDebouncedValue } from '../../../admin/components/use-debounced-value.js';
import type { TemplateDraft, TemplatePreview } from '../test-tools/templates.schemas.js';
import { previewTemplate } from './templates-client.js';
import { errorMessage } from '../../../admin/components/request-error.js';

// How long typing must pause before the preview is rendered again.
const DEBOUNCE_MS = 400;
const VIEWS = [
  { name: 'desktop', label: __('Desktop', 'storeside'), width: 600 },
  { name: 'mobile', label: __('Mobile', 'storeside'), width: 375 },
  { name: 'text', label: __('Plain text', 'storeside'), width: 600 },
] as const;

/** The server's rendering of an unsaved step template: desktop, mobile (sandboxed frame) or plain text. */
export function EmailPreview({ step, draft }: { step: number; draft: TemplateDraft }) {
  const [view, setView] = useState<(typeof VIEWS)[number]['name']>('desktop');
  const drafted = useDebouncedValue({ step, draft }, DEBOUNCE_MS);
  const rendered = useApiQuery(['/cartrecovery/v1/templates/preview', drafted], () =>
    previewTemplate(drafted.step, drafted.draft),
  );
  // A draft the server refuses keeps the last preview on screen, under the reason.
  const lastPreview = useRef<TemplatePreview | null>(null);
  if (rendered.data) lastPreview.current = rendered.data;
  const preview = lastPreview.current;
  const failure = rendered.error ? errorMessage(rendered.error) : null;
  const width = VIEWS.find((v) => v.name === view)?.width ?? 600;
  return (
    <section className="cr-preview" aria-labelledby="cr-preview-heading">
      <h2 id="cr-preview-heading" className="cr-subheading">
        {__('Preview', 'storeside')}
      </h2>
      <ButtonGroup aria-label={__('Preview as', 'storeside')}>
        {VIEWS.map((v) => (
          <Button
            key={v.name}
            variant={view === v.name ? 'primary' : 'secondary'}
            aria-pressed={view === v.name}
            onClick={() => setView(v.name)}
          >
            {v.label}
          </Button>
        ))}
      </ButtonGroup>
      {failure ? <p role="alert">{failure}</p> : null}
      {preview ? (
        <>
          <p className="cr-preview-subject">
            <strong>{__('Subject:', 'storeside')}</strong>{' '}
            <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          {view === 'text' ? (
            <pre className="cr-preview-text">{preview.text}</pre>
          ) : (
            <iframe
              title={__('E-mail preview', 'storeside')}
              sandbox=""
              srcDoc={preview.html}
              className="cr-preview-frame"
              style={{ width }}
            />
          )}
        </>
      ) : null}
    </section>
  );
}
