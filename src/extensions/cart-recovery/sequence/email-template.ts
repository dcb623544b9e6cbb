import { escapeHtml } from '../../../platform/http/html.js';
import type { CampaignStep } from '../settings/settings.schemas.js';
import { fillLayout } from '../../../platform/mail/email-layout.js';

/** One cart line as the e-mail shows it (price already formatted in the shop currency, image URL absolute). */
export interface EmailLine {
  name: string;
  /** `Colour: Red, Size: M`, or empty. */
  variation: string;
  quantity: number;
  price: string;
  imageUrl: string;
}

/** The step's coupon as the e-mail shows it. */
export interface EmailCoupon {
  code: string;
  /** `10%` or `$10.00`. */
  amount: string;
  /** `YYYY-MM-DD`, or empty. */
  expiry: string;
}

/** The values a recovery e-mail's placeholders and layout take. */
export interface TemplateValues {
  siteTitle: string;
  customerEmail: string;
  restoreUrl: string;
  unsubscribeUrl: string;
  logoUrl: string;
  accentColor: string;
  footerAddress: string;
  items: EmailLine[];
  total: string;
  coupon: EmailCoupon | null;
}

/** The editable parts of a step's template. */
export type StepTemplate = Pick<CampaignStep, 'subject' | 'heading' | 'preheader' | 'body' | 'cta_label'>;

/** A rendered message. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Every placeholder a template may use (the reference's plus the server-rendered blocks). */
export const PLACEHOLDERS = [
  'site_title',
  'site_name',
  'store_name',
  'customer_email',
  'restore_url',
  'coupon_code',
  'coupon_expiry',
  'unsubscribe_url',
  'cart_items',
  'cart_total',
  'coupon_block',
  'store_logo',
] as const;

const PLACEHOLDER = /\{\{?\s*([a-z_]+)\s*\}?\}/g;

/** True when `template` uses the placeholder `name` (either brace form). */
export function usesPlaceholder(template: string, name: string): boolean {
  return [...template.matchAll(PLACEHOLDER)].some((m) => m[1] === name);
}

/**
 * Renders a step's template into the MJML layout. Text the owner typed and every value is HTML-escaped; only
 * the server builds HTML (cart lines, total, coupon block, logo, button, links). A body paragraph that is just
 * `{restore_url}` becomes the button; inline `{restore_url}` / `{unsubscribe_url}` become links. A body that
 * lacks either link (stored before templates were checked) gets it appended; a coupon the body does not
 * mention goes above the button.
 */
export async function renderRecoveryEmail(
  step: StepTemplate,
  values: TemplateValues,
): Promise<RenderedEmail> {
  const text = textValues(values);
  const fillText = (template: string) => replacePlaceholders(template, text);
  const subject = fillText(step.subject)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  let body = step.body.replace(/\r\n?/g, '\n');
  if (!usesPlaceholder(body, 'restore_url')) body += '\n\n{restore_url}';
  if (!usesPlaceholder(body, 'unsubscribe_url')) body += '\n\n{unsubscribe_url}';
  if (values.coupon && !usesPlaceholder(body, 'coupon_block') && !usesPlaceholder(body, 'coupon_code')) {
    const placed = body.replace(/(\n\n\s*\{\{?\s*restore_url\s*\}?\}\s*(\n\n|$))/, '\n\n{coupon_block}$1');
    body = placed === body ? `${body}\n\n{coupon_block}` : placed;
  }
  const paragraphs = body.split(/\n{2,}/).filter((p) => p.trim() !== '');

  const blocks = htmlBlocks(values, step.cta_label);
  const content = paragraphs
    .map((p) => {
      const alone = /^\s*\{\{?\s*([a-z_]+)\s*\}?\}\s*$/.exec(p)?.[1];
      if (alone && Object.hasOwn(blocks, alone))
        return blocks[alone] && `<div style="margin:0 0 20px">${blocks[alone]}</div>`;
      const inline = splitPlaceholders(p)
        .map((part) =>
          part.placeholder === undefined
            ? escapeHtml(part.text).replace(/\n/g, '<br>')
            : inlineHtml(part.placeholder, part.text, values, text, blocks),
        )
        .join('');
      return `<div style="margin:0 0 16px">${inline}</div>`;
    })
    .filter((html) => html !== '')
    .join('\n');

  const footerLines = [values.siteTitle, values.footerAddress].filter((l) => l.trim() !== '');
  const html = await fillLayout({
    title: escapeHtml(subject),
    preheader: escapeHtml(fillText(step.preheader)),
    header: storeHeader(values),
    heading: escapeHtml(fillText(step.heading)),
    content,
    footer: footerLines.map((l) => escapeHtml(l).replace(/\n/g, '<br>')).join('<br>'),
    accent: values.accentColor,
  });

  const textBody = paragraphs
    .map((p) =>
      /^\s*\{\{?\s*restore_url\s*\}?\}\s*$/.test(p) ? `${step.cta_label}: ${values.restoreUrl}` : fillText(p),
    )
    .filter((p) => p.trim() !== '');
  const plain = [fillText(step.heading), '', textBody.join('\n\n'), '', '--', ...footerLines].join('\n');
  return { subject, text: plain, html };
}

/** Replaces `{name}` and `{{name}}` placeholders; unknown ones stay as written. */
export function replacePlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (match, name: string) =>
    Object.hasOwn(values, name) ? values[name] : match,
  );
}

function splitPlaceholders(template: string): Array<{ text: string; placeholder?: string }> {
  const parts: Array<{ text: string; placeholder?: string }> = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m.index > last) parts.push({ text: template.slice(last, m.index) });
    parts.push({ text: m[0], placeholder: m[1] });
    last = m.index + m[0].length;
  }
  if (last < template.length) parts.push({ text: template.slice(last) });
  return parts;
}

function inlineHtml(
  name: string,
  written: string,
  values: TemplateValues,
  text: Record<string, string>,
  blocks: Record<string, string>,
): string {
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${values.accentColor};text-decoration:underline">${escapeHtml(label)}</a>`;
  if (name === 'restore_url') return link(values.restoreUrl, values.restoreUrl);
  if (name === 'unsubscribe_url') return link(values.unsubscribeUrl, 'Unsubscribe');
  if (Object.hasOwn(blocks, name)) return blocks[name];
  return escapeHtml(Object.hasOwn(text, name) ? text[name] : written);
}

function textValues(values: TemplateValues): Record<string, string> {
  const c = values.coupon;
  return {
    site_title: values.siteTitle,
    site_name: values.siteTitle,
    store_name: values.siteTitle,
    customer_email: values.customerEmail,
    restore_url: values.restoreUrl,
    coupon_code: c?.code ?? '',
    coupon_expiry: c?.expiry ?? '',
    unsubscribe_url: `Unsubscribe: ${values.unsubscribeUrl}`,
    cart_items: values.items
      .map((i) => `- ${i.name}${i.variation ? ` (${i.variation})` : ''} × ${i.quantity}: ${i.price}`)
      .join('\n'),
    cart_total: `Total: ${values.total}`,
    coupon_block: c
      ? `Your code ${c.code} takes ${c.amount} off this order${c.expiry ? ` until ${c.expiry}` : ''}; it is applied when you return to your cart.`
      : '',
    store_logo: values.siteTitle,
  };
}

function htmlBlocks(values: TemplateValues, ctaLabel: string): Record<string, string> {
  return {
    cart_items: cartLines(values.items),
    cart_total: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse"><tr><td style="padding:4px 0;font-size:16px;color:#1f2328">Total</td><td align="right" style="padding:4px 0;font-size:18px;font-weight:700;color:#1f2328;white-space:nowrap">${escapeHtml(values.total)}</td></tr></table>`,
    coupon_block: values.coupon ? couponBlock(values.coupon, values.accentColor) : '',
    store_logo: storeHeader(values),
    restore_url: button(values.restoreUrl, ctaLabel, values.accentColor),
  };
}

function storeHeader(values: TemplateValues): string {
  const name = escapeHtml(values.siteTitle);
  if (!values.logoUrl) return `<span style="font-size:20px;font-weight:700;color:#1f2328">${name}</span>`;
  return `<img src="${escapeHtml(values.logoUrl)}" alt="${name}" width="160" height="48" style="display:inline-block;width:160px;max-width:100%;height:48px;object-fit:contain;border:0">`;
}

function cartLines(items: EmailLine[]): string {
  const rows = items.map((i) => {
    const image = i.imageUrl
      ? `<img src="${escapeHtml(i.imageUrl)}" alt="${escapeHtml(i.name)}" width="64" height="64" style="display:block;width:64px;height:64px;border-radius:4px;border:0;object-fit:cover">`
      : '<div style="width:64px;height:64px;border-radius:4px;background-color:#e5e7eb"></div>';
    const detail = [i.variation, `Qty ${i.quantity}`].filter(Boolean).map(escapeHtml).join(' · ');
    const cell = 'padding:8px 0;border-bottom:1px solid #e5e7eb;color:#1f2328';
    return `<tr><td width="76" style="${cell};width:76px">${image}</td><td style="${cell};font-size:15px;line-height:20px;word-break:break-word"><strong>${escapeHtml(i.name)}</strong><br><span style="font-size:13px;color:#4b5563">${detail}</span></td><td align="right" style="${cell};padding-left:12px;font-size:15px;font-weight:700;white-space:nowrap">${escapeHtml(i.price)}</td></tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;table-layout:auto">${rows.join('')}</table>`;
}

function couponBlock(c: EmailCoupon, accent: string): string {
  const expiry = c.expiry ? `Valid until ${escapeHtml(c.expiry)} · ` : '';
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse"><tr><td align="center" bgcolor="#fff7e6" style="padding:16px;border:2px dashed ${accent};background-color:#fff7e6;color:#1f2328;font-size:15px;line-height:22px">${escapeHtml(c.amount)} off your order with the code<br><span style="display:inline-block;margin:6px 0;font-family:Menlo,Consolas,monospace;font-size:22px;font-weight:700;letter-spacing:2px;color:#1f2328">${escapeHtml(c.code)}</span><br><span style="font-size:13px;color:#4b5563">${expiry}applied when you return to your cart</span></td></tr></table>`;
}

function button(href: string, label: string, accent: string): string {
  return `<table role="presentation" align="center" cellpadding="0" cellspacing="0" style="margin:8px auto;border-collapse:separate"><tr><td align="center" bgcolor="${accent}" style="border-radius:6px;background-color:${accent}"><a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 32px;font-size:17px;font-weight:700;line-height:22px;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></td></tr></table>`;
}
