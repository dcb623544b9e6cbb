import type { DbOrTrx } from '../../platform/db/database.js';
import type { EmailBrand } from '../../platform/mail/email-layout.js';
import type { OptionsStore } from '../../platform/options/options.js';
import {
  isEmailAddress,
  type SettingDefinition,
  type SettingGroup,
  settingOption,
} from '../settings/setting-definitions.js';
import { readSettingValue } from '../settings/store-settings.js';
import { SHOP_EMAILS, type ShopEmail } from './shop-emails.js';

const text = (
  id: string,
  label: string,
  description: string,
  extra: Partial<SettingDefinition> = {},
): SettingDefinition => ({ id, label, description, type: 'text', default: '', ...extra });

/** The `email` group: sender and brand, WooCommerce's option names (`woocommerce_email_*`). */
export const EMAIL_OPTIONS_SETTINGS: readonly SettingDefinition[] = [
  text('woocommerce_email_from_name', '"From" name', 'How the sender name appears in outgoing emails.'),
  text(
    'woocommerce_email_from_address',
    '"From" address',
    'How the sender email appears in outgoing emails.',
    {
      type: 'email',
    },
  ),
  text(
    'woocommerce_email_header_image',
    'Header image',
    'URL to an image you want to show in the email header.',
    {
      check: (v) =>
        v === '' || /^https?:\/\/\S+$/i.test(v)
          ? null
          : 'woocommerce_email_header_image must be an http(s) URL.',
    },
  ),
  text('woocommerce_email_base_color', 'Base color', 'The base color for email templates.', {
    default: '#7f54b3',
    check: (v) =>
      /^#[0-9a-fA-F]{6}$/.test(v) ? null : 'woocommerce_email_base_color must be a #rrggbb colour.',
  }),
  text('woocommerce_email_footer_text', 'Footer text', 'The text to appear in the footer of all emails.', {
    type: 'textarea',
    default: '{site_title}',
  }),
];

/** The option an e-mail's field is stored under (`woocommerce_new_order_enabled`). */
export function emailOption(email: ShopEmail, field: string): string {
  return `woocommerce_${email.id}_${field}`;
}

// A list of e-mail addresses separated by commas (WooCommerce's `recipient`).
function checkRecipients(value: string): string | null {
  const list = value.split(',').map((a) => a.trim());
  return list.every(isEmailAddress)
    ? null
    : 'recipient must be one or more e-mail addresses separated by commas.';
}

/** The fields of an e-mail's `email_<id>` group, WooCommerce's ids (`enabled`, `recipient`, `subject` …). */
export function emailSettings(email: ShopEmail): SettingDefinition[] {
  const field = (definition: SettingDefinition): SettingDefinition => ({
    ...definition,
    option: emailOption(email, definition.id),
  });
  const placeholders =
    'Available placeholders: {site_title}, {site_address}, {site_url}, {order_date}, {order_number}';
  const wordingFields = email.wordings.flatMap((w) => {
    const suffix = w.id ? `_${w.id}` : '';
    const which = w.id ? ` (${w.id} refund)` : '';
    return [
      field(text(`subject${suffix}`, `Subject${which}`, placeholders, { placeholder: w.subject })),
      field(text(`heading${suffix}`, `Email heading${which}`, placeholders, { placeholder: w.heading })),
    ];
  });
  return [
    field({
      id: 'enabled',
      label: 'Enable/Disable',
      description: 'Enable this email notification',
      type: 'checkbox',
      default: 'yes',
    }),
    ...(email.audience === 'owner'
      ? [
          field(
            text(
              'recipient',
              'Recipient(s)',
              'Enter recipients (comma separated) for this email. Defaults to the site administrator’s e-mail.',
              {
                check: (v) => (v === '' ? null : checkRecipients(v)),
              },
            ),
          ),
        ]
      : []),
    ...wordingFields,
    field(
      text(
        'additional_content',
        'Additional content',
        `Text to appear below the main email content. ${placeholders}`,
        {
          type: 'textarea',
          default: email.additionalContent,
        },
      ),
    ),
    field({
      id: 'email_type',
      label: 'Email type',
      description: 'Choose which format of email to send.',
      type: 'select',
      default: 'html',
      options: () => ({ plain: 'Plain text', html: 'HTML', multipart: 'Multipart' }),
    }),
  ];
}

/** The `email` group and one `email_<id>` group per e-mail (sub-groups of `email`, as WooCommerce lists them). */
export function emailSettingGroups(): SettingGroup[] {
  return [
    { id: 'email', label: 'Emails', description: '', settings: EMAIL_OPTIONS_SETTINGS },
    ...SHOP_EMAILS.map((email) => ({
      id: `email_${email.id}`,
      label: email.title,
      description: email.description,
      parentId: 'email',
      settings: emailSettings(email),
    })),
  ];
}

/** An e-mail's settings as the sender reads them (empty subject/heading: the wording's default). */
export interface EmailConfig {
  enabled: boolean;
  /** The addresses an owner e-mail goes to (the admin's when none is set); empty for customer e-mails. */
  recipients: string[];
  /** Subject and heading by wording id ('' / `full` / `partial`). */
  subjects: Record<string, string>;
  headings: Record<string, string>;
  additionalContent: string;
  emailType: 'plain' | 'html' | 'multipart';
}

/** One e-mail's settings, typed. */
export async function readEmailConfig(
  options: OptionsStore,
  email: ShopEmail,
  adminEmail: string,
  db?: DbOrTrx,
): Promise<EmailConfig> {
  const values = new Map<string, string>();
  for (const setting of emailSettings(email)) {
    const value = await readSettingValue(options, setting, db);
    values.set(setting.id, typeof value === 'string' ? value : '');
  }
  const get = (id: string) => values.get(id) ?? '';
  const recipient = get('recipient').trim();
  const type = get('email_type');
  return {
    enabled: get('enabled') !== 'no',
    recipients:
      email.audience === 'owner'
        ? (recipient || adminEmail)
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean)
        : [],
    subjects: Object.fromEntries(
      email.wordings.map((w) => [w.id, get(w.id ? `subject_${w.id}` : 'subject') || w.subject]),
    ),
    headings: Object.fromEntries(
      email.wordings.map((w) => [w.id, get(w.id ? `heading_${w.id}` : 'heading') || w.heading]),
    ),
    additionalContent: get('additional_content'),
    emailType: type === 'plain' || type === 'multipart' ? type : 'html',
  };
}

/** The sender and brand of every shop e-mail (`email` group), with the site's defaults filled in. */
export async function readEmailBrand(
  options: OptionsStore,
  site: { title: string; adminEmail: string },
): Promise<{ fromName: string; fromAddress: string; brand: EmailBrand }> {
  const value = async (id: string) => {
    const setting = EMAIL_OPTIONS_SETTINGS.find((s) => s.id === id)!;
    const v = await options.get<unknown>(settingOption(setting), setting.default);
    return typeof v === 'string' ? v : '';
  };
  return {
    fromName: (await value('woocommerce_email_from_name')) || site.title,
    fromAddress: (await value('woocommerce_email_from_address')) || site.adminEmail,
    brand: {
      logoUrl: await value('woocommerce_email_header_image'),
      accentColor: (await value('woocommerce_email_base_color')) || '#7f54b3',
      footer: (await value('woocommerce_email_footer_text')).replaceAll('{site_title}', site.title),
    },
  };
}
