import type { Campaign, Settings } from './settings.schemas.js';

/** Defaults of every setting. */
export const DEFAULT_SETTINGS: Settings = {
  capture_enabled: true,
  consent_text: 'Save my e-mail address and cart so I can be reminded about it.',
  consent_default_state: 'unchecked',
  abandonment_timeout: 30,
  data_retention_days: 30,
  coupon_type: 'fixed_cart',
  coupon_amount: 10,
  coupon_expiry_days: 7,
  test_mode: false,
  setup_completed: false,
  site_title: 'Storeside',
  logo_url: '',
  accent_color: '#1d4ed8',
  footer_address: '',
  capture_rate_limit: 10,
  capture_rate_window: 600,
  agent_access_enabled: false,
  agent_rest_enabled: true,
  agent_abilities_enabled: true,
  agent_mcp_public_enabled: false,
  agent_write_enabled: false,
  agent_contact_enabled: false,
  agent_sensitive_enabled: false,
  agent_destructive_enabled: false,
};

/** Default campaign: 45 min, 24 h, 72 h; only the last step carries a coupon. */
export const DEFAULT_CAMPAIGN: Campaign = {
  enabled: true,
  steps: [
    {
      delay_minutes: 45,
      coupon_enabled: false,
      subject: '[{site_title}] You left something in your cart',
      heading: 'Your cart is waiting',
      preheader: 'The items you picked are still in your cart.',
      body: 'Hi,\n\nYou left a few items in your cart at {site_title}. They are saved for you, one click brings them back.\n\n{coupon_block}\n\n{cart_items}\n\n{cart_total}\n\n{restore_url}\n\nYou receive this because you asked {site_title} to save your cart. {unsubscribe_url}',
      cta_label: 'Return to my cart',
    },
    {
      delay_minutes: 1440,
      coupon_enabled: false,
      subject: '[{site_title}] Still deciding?',
      heading: 'Still thinking it over?',
      preheader: 'Your cart is still saved.',
      body: 'Hi,\n\nYour cart at {site_title} is still saved. If you have a question about any item, just reply to this e-mail.\n\n{coupon_block}\n\n{cart_items}\n\n{cart_total}\n\n{restore_url}\n\nYou receive this because you asked {site_title} to save your cart. {unsubscribe_url}',
      cta_label: 'Complete my order',
    },
    {
      delay_minutes: 4320,
      coupon_enabled: true,
      subject: '[{site_title}] Last chance to complete your order',
      heading: 'A last reminder, with a little thank-you',
      preheader: 'Your cart will not be kept much longer.',
      body: 'Hi,\n\nThis is the last reminder about the cart you left at {site_title}. After this we will not write again about it.\n\n{coupon_block}\n\n{cart_items}\n\n{cart_total}\n\n{restore_url}\n\nYou receive this because you asked {site_title} to save your cart. {unsubscribe_url}',
      cta_label: 'Use my code',
    },
  ],
};
