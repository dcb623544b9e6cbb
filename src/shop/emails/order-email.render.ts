import { html, type SafeHtml, safeUrl } from '../../platform/http/html.js';
import { type EmailBrand, fillLayout } from '../../platform/mail/email-layout.js';
import type { EmailOrderView } from './order-email.view.js';

/** Everything one order e-mail shows (texts already have their placeholders filled). */
export interface OrderEmailContent {
  siteTitle: string;
  brand: EmailBrand;
  subject: string;
  heading: string;
  /** The first paragraph. */
  intro: string;
  /** The customer note an owner added (customer note e-mail), or ''. */
  note: string;
  /** The payment method's instructions and bank details for the shopper, one line each (may be empty). */
  paymentNotes: string[];
  order: EmailOrderView;
  additionalContent: string;
}

/** A rendered e-mail: the subject, the plain-text part, and the HTML part (null when the e-mail is plain text only). */
export interface RenderedOrderEmail {
  subject: string;
  text: string;
  html: string | null;
}

const INK = '#1f2328';
const MUTED = '#4b5563';
const RULE = '#e5e7eb';
const CELL = `padding:8px 0;border-bottom:1px solid ${RULE};color:${INK};font-size:15px;line-height:20px`;

// Text the owner or shopper typed, as paragraphs (blank lines) with line breaks kept; escaped by `html`.
function paragraphs(text: string): SafeHtml[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map(
      (p) =>
        html`<p style="margin:0 0 16px">${p.split('\n').map((line, i) => [i > 0 ? html`<br>` : '', line])}</p>`,
    );
}

function header(content: OrderEmailContent): SafeHtml {
  const logo = safeUrl(content.brand.logoUrl);
  if (!logo)
    return html`<span style="font-size:20px;font-weight:700;color:${INK}">${content.siteTitle}</span>`;
  return html`<img src="${logo}" alt="${content.siteTitle}" width="160" height="48" style="display:inline-block;width:160px;max-width:100%;height:48px;object-fit:contain;border:0">`;
}

function lines(content: OrderEmailContent): SafeHtml {
  const rows = content.order.lines.map((line) => {
    const image = safeUrl(line.imageUrl);
    const picture = image
      ? html`<img src="${image}" alt="${line.name}" width="64" height="64" style="display:block;width:64px;height:64px;border-radius:4px;border:0;object-fit:cover">`
      : html`<div style="width:64px;height:64px;border-radius:4px;background-color:${RULE}"></div>`;
    const detail = [line.sku ? `SKU ${line.sku}` : '', `Qty ${line.quantity}`].filter(Boolean).join(' · ');
    return html`<tr><td width="76" style="${CELL};width:76px">${picture}</td><td style="${CELL};word-break:break-word"><strong>${line.name}</strong><br><span style="font-size:13px;color:${MUTED}">${detail}</span></td><td align="right" style="${CELL};padding-left:12px;font-weight:700;white-space:nowrap">${line.total}</td></tr>`;
  });
  const totals = content.order.totals.map(
    (row) =>
      html`<tr><td colspan="2" style="${CELL}">${row.label}</td><td align="right" style="${CELL};padding-left:12px;${row.label === 'Total:' ? 'font-weight:700;' : ''}">${row.value}</td></tr>`,
  );
  const note = content.order.customerNote
    ? html`<tr><td colspan="2" style="${CELL}">Note:</td><td align="right" style="${CELL};padding-left:12px">${content.order.customerNote}</td></tr>`
    : '';
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 20px">${rows}${totals}${note}</table>`;
}

function address(title: string, addressLines: string[]): SafeHtml | '' {
  if (addressLines.length === 0) return '';
  return html`<div style="margin:0 0 16px"><strong>${title}</strong><br>${addressLines.map((line, i) => [i > 0 ? html`<br>` : '', line])}</div>`;
}

function contentHtml(content: OrderEmailContent): SafeHtml {
  const { order } = content;
  const notes =
    content.paymentNotes.length > 0
      ? html`<div style="margin:0 0 20px;padding:12px 16px;border-left:4px solid ${content.brand.accentColor};background-color:#f9fafb">${content.paymentNotes.map((line, i) => [i > 0 ? html`<br>` : '', line])}</div>`
      : '';
  return html`${paragraphs(content.intro)}${content.note ? html`<blockquote style="margin:0 0 20px;padding:0 0 0 12px;border-left:4px solid ${RULE};color:${INK}">${paragraphs(content.note)}</blockquote>` : ''}${notes}<h2 style="margin:0 0 12px;font-size:18px;line-height:24px;color:${content.brand.accentColor}">Order #${order.number} (${order.date})</h2>${lines(content)}${address('Billing address', order.billing)}${address('Shipping address', order.shipping)}${paragraphs(content.additionalContent)}`;
}

/** The plain-text part: the same content, for clients that show no HTML or images. */
export function orderEmailText(content: OrderEmailContent): string {
  const { order } = content;
  const block = (title: string, rows: string[]) => (rows.length > 0 ? [title, ...rows, ''] : []);
  return [
    content.heading,
    '',
    content.intro,
    '',
    ...(content.note ? [content.note, ''] : []),
    ...(content.paymentNotes.length > 0 ? [...content.paymentNotes, ''] : []),
    `Order #${order.number} (${order.date})`,
    '',
    ...order.lines.map((l) => `${l.name}${l.sku ? ` (SKU ${l.sku})` : ''} × ${l.quantity} = ${l.total}`),
    '',
    ...order.totals.map((t) => `${t.label} ${t.value}`),
    ...(order.customerNote ? [`Note: ${order.customerNote}`] : []),
    '',
    ...block('Billing address', order.billing),
    ...block('Shipping address', order.shipping),
    ...(content.additionalContent.trim() ? [content.additionalContent.trim(), ''] : []),
    '--',
    content.brand.footer || content.siteTitle,
  ].join('\n');
}

/**
 * Renders an order e-mail into the site's MJML layout (shared with cart recovery): every value is escaped by the
 * `html` template; `plain` leaves the HTML part out (WooCommerce's "Email type: Plain text").
 */
export async function renderOrderEmail(
  content: OrderEmailContent,
  format: 'plain' | 'html' | 'multipart',
): Promise<RenderedOrderEmail> {
  const text = orderEmailText(content);
  if (format === 'plain') return { subject: content.subject, text, html: null };
  const footer = content.brand.footer || content.siteTitle;
  const markup = await fillLayout({
    title: html`${content.subject}`.text,
    preheader: html`${content.intro}`.text,
    header: header(content).text,
    heading: html`${content.heading}`.text,
    content: contentHtml(content).text,
    footer: html`${footer.split('\n').map((line, i) => [i > 0 ? html`<br>` : '', line])}`.text,
    accent: content.brand.accentColor,
  });
  return { subject: content.subject, text, html: markup };
}
