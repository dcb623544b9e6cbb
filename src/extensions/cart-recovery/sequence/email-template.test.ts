import { describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN } from '../settings/settings.defaults.js';
import { renderRecoveryEmail, replacePlaceholders, type TemplateValues } from './email-template.js';

const line = {
  name: 'Mug "big"',
  variation: '',
  quantity: 2,
  price: '$24.00',
  imageUrl: 'https://shop.test/uploads/mug.jpg',
};
const values: TemplateValues = {
  siteTitle: 'Tom & Jerry <Shop>',
  customerEmail: 'jane@example.com',
  restoreUrl: 'https://shop.test/?cartrecovery_restore=abc',
  unsubscribeUrl: 'https://shop.test/?cartrecovery_unsubscribe=def',
  logoUrl: 'https://shop.test/logo.png',
  accentColor: '#aa3300',
  footerAddress: '1 Main St\nSpringfield',
  items: [line],
  total: '$24.00',
  coupon: { code: 'CR-ABC123', amount: '10%', expiry: '2026-12-01' },
};

describe('renderRecoveryEmail', () => {
  it('should fill every placeholder, including the legacy double-brace form', () => {
    const out = replacePlaceholders('{site_title}|{{customer_email}}|{restore_url}|{unknown}', {
      site_title: 'S',
      customer_email: 'e',
      restore_url: 'r',
    });
    expect(out).toBe('S|e|r|{unknown}');
  });

  it('should escape owner text and values in the HTML part and keep them raw in the text part', async () => {
    const mail = await renderRecoveryEmail(
      {
        ...DEFAULT_CAMPAIGN.steps[0],
        heading: 'Hi <b>{customer_email}</b>',
        body: '<script>x</script> {restore_url} {unsubscribe_url}',
      },
      values,
    );
    expect(mail.subject).toBe('[Tom & Jerry <Shop>] You left something in your cart');
    expect(mail.html).toContain('Tom &amp; Jerry &lt;Shop&gt;');
    expect(mail.html).not.toContain('<Shop>');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).toContain('Hi &lt;b&gt;jane@example.com&lt;/b&gt;');
    expect(mail.text).toContain('Tom & Jerry <Shop>');
    expect(mail.text).toContain(values.restoreUrl);
    expect(mail.text).toContain(`Unsubscribe: ${values.unsubscribeUrl}`);
  });

  it('should lay out the cart lines, the total, the button, the links and the branding', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({
      ...line,
      name: `Item ${i + 1}`,
      variation: 'Colour: Red',
    }));
    const mail = await renderRecoveryEmail(DEFAULT_CAMPAIGN.steps[0], {
      ...values,
      items: five,
      total: '$120.00',
    });
    for (let i = 1; i <= 5; i++) expect(mail.html).toContain(`<strong>Item ${i}</strong>`);
    expect(mail.html).toContain('Colour: Red · Qty 2');
    expect(mail.html).toMatch(
      /<img src="https:\/\/shop\.test\/uploads\/mug\.jpg" alt="Item 1" width="64" height="64"/,
    );
    expect(mail.html).toContain('$120.00');
    expect(mail.html).toContain(`href="${values.restoreUrl}"`);
    expect(mail.html).toContain(`href="${values.unsubscribeUrl}"`);
    expect(mail.html).toContain('background-color:#aa3300');
    expect(mail.html).toContain('alt="Tom &amp; Jerry &lt;Shop&gt;" width="160" height="48"');
    expect(mail.html).toContain('1 Main St<br>Springfield');
    expect(mail.html).toMatch(/display:none[^>]*>The items you picked are still in your cart\./);
    expect(mail.html).not.toMatch(/\{[a-z_]+\}|%%CR_/);
    expect(mail.html).not.toMatch(/<link |<script/);
    expect(mail.text).toContain('- Item 5 (Colour: Red) × 2: $24.00');
    expect(mail.text).toContain('Total: $120.00');
    expect(mail.text).toContain(`Return to my cart: ${values.restoreUrl}`);
    expect(mail.text).not.toMatch(/\{[a-z_]+\}/);
  });

  it('should show the coupon block only when the step has a coupon', async () => {
    const withCoupon = await renderRecoveryEmail(DEFAULT_CAMPAIGN.steps[2], values);
    expect(withCoupon.html).toContain('CR-ABC123');
    expect(withCoupon.html).toContain('10% off your order');
    expect(withCoupon.html).toContain('Valid until 2026-12-01');
    expect(withCoupon.text).toContain('Your code CR-ABC123 takes 10% off this order until 2026-12-01');
    const without = await renderRecoveryEmail(DEFAULT_CAMPAIGN.steps[2], { ...values, coupon: null });
    expect(without.html).not.toContain('off your order');
    expect(without.text).not.toContain('Your code');
  });

  it('should append the restore button and the unsubscribe link to a body that lost them', async () => {
    const mail = await renderRecoveryEmail({ ...DEFAULT_CAMPAIGN.steps[1], body: 'Only words.' }, values);
    expect(mail.html).toContain(`href="${values.restoreUrl}"`);
    expect(mail.html).toContain(`href="${values.unsubscribeUrl}"`);
    expect(mail.text).toContain(`Complete my order: ${values.restoreUrl}`);
  });
});
