import sanitize from 'sanitize-html';

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
  const text = String(value);
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (c) => HTML_ESCAPES[c]!) : text;
}

const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIALS = /[&<>"']/g;

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
  if (typeof value === 'string') return escapeHtml(value);
  if (value instanceof SafeHtml) return value.text;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) {
    let out = '';
    for (const item of value) out += render(item);
    return out;
  }
  return escapeHtml(value as number);
}

/**
 * A URL safe for `href`/`src`: http(s) URLs, site paths, `#fragments` and `?queries`; anything else is ''. Refused:
 * other schemes (`javascript:`, `data:` …), protocol-relative `//host` and `/\host` (browsers read `\` as `/`),
 * and control characters (browsers drop tabs and newlines inside URLs, so `/\t/host` would become `//host`).
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (CONTROL_CHARACTER.test(trimmed)) return '';
  return /^https?:\/\//i.test(trimmed) || /^\/(?![/\\])/.test(trimmed) || /^[#?]/.test(trimmed)
    ? trimmed
    : '';
}

const CONTROL_CHARACTER = /\p{Cc}/u;

// What rich text from the shop (product descriptions) may hold: WordPress's post formatting, no scripts, styles,
// event handlers or other schemes than http(s) and mailto.
const RICH_TEXT: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
    'pre',
    'span',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
};

/** Rich text written by the shop's staff (HTML, as WooCommerce stores it), cleaned to a safe subset of markup. */
export function richText(markup: string): SafeHtml {
  return new SafeHtml(sanitize(markup, RICH_TEXT));
}
