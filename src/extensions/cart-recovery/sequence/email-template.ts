import type { CampaignStep } from '../settings/settings.schemas.js';

/** The values a recovery e-mail's placeholders take. */
export interface TemplateValues {
  siteTitle: string;
  customerEmail: string;
  restoreUrl: string;
  unsubscribeUrl: string;
  couponCode: string;
  couponExpiry: string;
  /** Cart lines shown in the message. */
  items: Array<{ name: string; quantity: number; price: string }>;
}

/** A rendered message. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Renders a step's template: `{site_title}`, `{site_name}`, `{store_name}`, `{customer_email}`, `{restore_url}`,
 * `{coupon_code}`, `{coupon_expiry}`, `{unsubscribe_url}` (and their legacy `{{…}}` forms) in subject, heading,
 * preheader, body and button label. Values are HTML-escaped in the HTML part; the subject has no line breaks.
 */
export function renderRecoveryEmail(step: CampaignStep, values: TemplateValues): RenderedEmail {
  const map = placeholderMap(values);
  const fill = (template: string) => replacePlaceholders(template, map);
  const subject = fill(step.subject)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const heading = fill(step.heading);
  const preheader = fill(step.preheader);
  const body = fill(step.body);
  const cta = fill(step.cta_label);
  const couponLine = values.couponCode
    ? `Your code ${values.couponCode} takes a discount off this order${values.couponExpiry ? ` until ${values.couponExpiry}` : ''}; it is applied when you return to your cart.`
    : '';
  const itemLines = values.items.map((i) => `- ${i.name} × ${i.quantity} (${i.price})`);

  const text = [
    heading,
    '',
    body,
    '',
    ...(itemLines.length > 0 ? [...itemLines, ''] : []),
    ...(couponLine ? [couponLine, ''] : []),
    `${cta}: ${values.restoreUrl}`,
    '',
    '--',
    `You receive this because you asked ${values.siteTitle} to save your cart.`,
    `Unsubscribe: ${values.unsubscribeUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p>${e(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const rows = values.items
    .map((i) => `<tr><td>${e(i.name)}</td><td>× ${i.quantity}</td><td>${e(i.price)}</td></tr>`)
    .join('');
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:sans-serif;color:#222">
<span style="display:none">${e(preheader)}</span>
<h1>${e(heading)}</h1>
${paragraphs}
${rows ? `<table>${rows}</table>` : ''}
${couponLine ? `<p><strong>${e(couponLine)}</strong></p>` : ''}
<p><a href="${e(values.restoreUrl)}" style="background:#222;color:#fff;padding:10px 16px;text-decoration:none">${e(cta)}</a></p>
<p>Or open this link: <a href="${e(values.restoreUrl)}">${e(values.restoreUrl)}</a></p>
<hr>
<p style="font-size:12px">You receive this because you asked ${e(values.siteTitle)} to save your cart.
<a href="${e(values.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return { subject, text, html };
}

/** Replaces `{name}` and `{{name}}` placeholders; unknown ones stay as written. */
export function replacePlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{?\s*([a-z_]+)\s*\}?\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? values[name] : match,
  );
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function placeholderMap(values: TemplateValues): Record<string, string> {
  return {
    site_title: values.siteTitle,
    site_name: values.siteTitle,
    store_name: values.siteTitle,
    customer_email: values.customerEmail,
    restore_url: values.restoreUrl,
    coupon_code: values.couponCode,
    coupon_expiry: values.couponExpiry,
    unsubscribe_url: values.unsubscribeUrl,
  };
}
