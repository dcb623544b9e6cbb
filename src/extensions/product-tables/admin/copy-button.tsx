import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';

/** Copies `text` (a shortcode, a link) to the clipboard in one click; says "Copied" for a moment. */
export function CopyButton(props: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await writeClipboard(props.text);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Button
      variant="tertiary"
      size="compact"
      className="ptables-copy"
      onClick={copy}
      label={sprintf(__('%1$s %2$s', 'storeside'), props.label, props.text)}
      showTooltip={false}
    >
      <code>{props.text}</code>
      <span aria-live="polite" className="ptables-copied">
        {copied ? __('Copied', 'storeside') : ''}
      </span>
    </Button>
  );
}

async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard access (a page not served over HTTPS), copy through a selected hidden field.
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.appendChild(field);
    field.select();
    document.execCommand('copy');
    field.remove();
  }
}
