import { describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN } from '../settings/settings.schemas.js';
import { renderRecoveryEmail, replacePlaceholders } from './email-template.js';

const values = {
  siteTitle: 'Tom & Jerry <Shop>',
  customerEmail: 'jane@example.com',
  restoreUrl: 'http://shop.test/?cartrecovery_restore=abc',
  unsubscribeUrl: 'http://shop.test/?cartrecovery_unsubscribe=def',
  couponCode: 'CR-ABC123',
  couponExpiry: '2026-12-01',
  items: [{ name: 'Mug "big"', quantity: 2, price: '12.00' }],
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

  it('should escape values in the HTML part and keep them raw in the text part', () => {
    const mail = renderRecoveryEmail(DEFAULT_CAMPAIGN.steps[2], values);
    expect(mail.subject).toBe('[Tom & Jerry <Shop>] Last chance to complete your order');
    expect(mail.html).toContain('Tom &amp; Jerry &lt;Shop&gt;');
    expect(mail.html).not.toContain('<Shop>');
    expect(mail.html).toContain('Mug &quot;big&quot;');
    expect(mail.text).toContain('Tom & Jerry <Shop>');
    expect(mail.text).toContain(values.restoreUrl);
    expect(mail.text).toContain(values.unsubscribeUrl);
    expect(mail.text).toContain('CR-ABC123');
  });

  it('should leave the coupon line out when there is no coupon', () => {
    const mail = renderRecoveryEmail(DEFAULT_CAMPAIGN.steps[0], {
      ...values,
      couponCode: '',
      couponExpiry: '',
    });
    expect(mail.text).not.toContain('Your code');
    expect(mail.subject).toBe('[Tom & Jerry <Shop>] You left something in your cart');
  });
});
