const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML element content or a double-quoted attribute value. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** A URL for an `href`/`src` attribute: only http(s), protocol-relative-free paths and fragments survive; escaped. */
export function escUrl(url: string): string {
  const trimmed = url.trim();
  if (
    /^https?:\/\//i.test(trimmed) ||
    /^\/(?!\/)/.test(trimmed) ||
    trimmed.startsWith('#') ||
    trimmed.startsWith('?')
  )
    return esc(trimmed);
  return '';
}

/** A JSON value for a double-quoted attribute (`data-*`). */
export function escJsonAttr(value: unknown): string {
  return esc(JSON.stringify(value));
}

/** A CSS identifier part (column ids are validated to `[A-Za-z0-9_-]`; this keeps stored data honest too). */
export function cssIdent(value: string | number): string {
  return String(value).replace(/[^A-Za-z0-9_-]/g, '');
}

/** Text placed inside a `<style>` element: nothing can close the element or open a comment trick. */
export function styleText(css: string): string {
  return css.replace(/</g, '\\3c ');
}
