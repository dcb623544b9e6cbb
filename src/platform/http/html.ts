const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Markup that `html` inserts as is: only `html` itself and `trustedHtml` make one. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Text for element content or a quoted attribute value. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

type Interpolation = string | number | boolean | null | undefined | SafeHtml | readonly Interpolation[];

/**
 * Escape-by-default HTML: every interpolated value is escaped unless it is `SafeHtml` (another `html` result);
 * arrays are joined, and `null`, `undefined` and `false` render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Markup the caller vouches for (built by the server itself, never from input). */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** JSON for a `<script type="application/json">` element: nothing in it can close the element. */
export function jsonScript(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(value as string | number);
}

/** A URL safe for `href`/`src`: http(s) URLs, site paths (not `//host`), `#fragments` and `?queries`; else ''. */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) || /^\/(?![/\\])/.test(trimmed) || /^[#?]/.test(trimmed)
    ? trimmed
    : '';
}
