/**
 * The brand every e-mail of the site carries (the shop's order e-mails, cart recovery's): each owner of a brand
 * setting (the shop's `email` settings group, cart recovery's settings) fills this shape.
 */
export interface EmailBrand {
  /** Absolute URL of the logo shown above the message, or '' for the site title as text. */
  logoUrl: string;
  /** Accent colour (`#rrggbb`, already validated): the bar above the heading, links and buttons. */
  accentColor: string;
  /** Footer text under the message (site title, address …; line breaks kept). */
  footer: string;
}

/** The parts the server fills into the compiled layout (all already-safe HTML, URLs or #rrggbb colours). */
export interface LayoutSlots {
  title: string;
  preheader: string;
  header: string;
  heading: string;
  content: string;
  footer: string;
  accent: string;
}

// Stand-in colour MJML inlines wherever the accent goes; replaced by the (validated #rrggbb) accent setting.
const ACCENT_MARK = '#0a0b0c';
const slot = (name: keyof LayoutSlots) => `%%CR_${name.toUpperCase()}%%`;

// The layout: 600 px body, one fluid column (MJML stacks and shrinks to 320 px). Dark mode: the message says it
// is light-only (clients that honour it leave it as designed) and sets explicit background and text colours on
// every container, so clients that invert colours anyway invert all of them together and keep the contrast.
const LAYOUT_MJML = `<mjml>
  <mj-head>
    <mj-title>${slot('title')}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text color="#1f2328" font-size="16px" line-height="24px" padding="0 24px 16px" />
      <mj-section background-color="#ffffff" padding="0" />
    </mj-attributes>
    <mj-raw><meta name="color-scheme" content="light only"><meta name="supported-color-schemes" content="light only"></mj-raw>
    <mj-style>
      :root { color-scheme: light only; }
    </mj-style>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="600px">
    <mj-raw><div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all">${slot('preheader')}</div></mj-raw>
    <mj-section background-color="#f3f4f6" padding="24px 0 8px"><mj-column>
      <mj-text align="center" padding="0 24px">${slot('header')}</mj-text>
    </mj-column></mj-section>
    <mj-section border-top="4px solid ${ACCENT_MARK}" padding="24px 0 8px"><mj-column>
      <mj-text font-size="24px" line-height="32px" font-weight="700">${slot('heading')}</mj-text>
      <mj-text>${slot('content')}</mj-text>
    </mj-column></mj-section>
    <mj-section background-color="#f3f4f6" padding="16px 0 24px"><mj-column>
      <mj-text align="center" color="#4b5563" font-size="12px" line-height="18px">${slot('footer')}</mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;

let compiled: Promise<string> | undefined;

/**
 * The layout compiled by MJML to table-based HTML with inlined CSS: once per process (it never changes). MJML is
 * imported here, on the first e-mail, not at start-up: it is the largest package the server loads, and a server
 * sending no e-mail never needs it. Shared by every e-mail of the site (cart recovery's, the shop's order e-mails).
 */
function compiledLayout(): Promise<string> {
  compiled ??= import('mjml')
    .then(({ default: mjml2html }) => mjml2html(LAYOUT_MJML, { validationLevel: 'strict' }))
    .then((r) => r.html);
  return compiled;
}

/** The e-mail's HTML: the compiled layout with every slot filled in one pass (slot values are used as given). */
export async function fillLayout(slots: LayoutSlots): Promise<string> {
  const html = (await compiledLayout()).split(ACCENT_MARK).join(slots.accent);
  return html.replace(/%%CR_([A-Z]+)%%/g, (mark, name: string) => {
    const key = name.toLowerCase() as keyof LayoutSlots;
    return Object.hasOwn(slots, key) ? slots[key] : mark;
  });
}
