import { type Static, Type } from '@sinclair/typebox';

/** The agent gates of `cartrecovery_settings` (reference §6 defaults). */
export const AGENT_GATES = [
  'agent_access_enabled',
  'agent_rest_enabled',
  'agent_abilities_enabled',
  'agent_mcp_public_enabled',
  'agent_write_enabled',
  'agent_contact_enabled',
  'agent_sensitive_enabled',
  'agent_destructive_enabled',
] as const;
/** One agent gate name. */
export type AgentGate = (typeof AGENT_GATES)[number];

/** The whole `cartrecovery_settings` record (reference §7), as stored and returned. */
export const SettingsSchema = Type.Object(
  {
    capture_enabled: Type.Boolean({ description: 'Capture consented checkout e-mails.' }),
    consent_text: Type.String({ minLength: 1, maxLength: 500 }),
    consent_default_state: Type.Union([Type.Literal('checked'), Type.Literal('unchecked')]),
    abandonment_timeout: Type.Integer({ minimum: 5, maximum: 1440, description: 'Minutes of inactivity.' }),
    data_retention_days: Type.Integer({ minimum: 7, maximum: 90 }),
    coupon_type: Type.Union([Type.Literal('fixed_cart'), Type.Literal('percent')]),
    coupon_amount: Type.Number({
      exclusiveMinimum: 0,
      maximum: 100000,
      description: 'Store currency (fixed_cart) or percent.',
    }),
    coupon_expiry_days: Type.Integer({ minimum: 1, maximum: 365 }),
    test_mode: Type.Boolean(),
    setup_completed: Type.Boolean({
      description:
        'The setup wizard was finished or skipped (until then a shop with no carts opens it first).',
    }),
    site_title: Type.String({ minLength: 1, maxLength: 120, description: 'Shop name used in e-mails.' }),
    logo_url: Type.String({
      maxLength: 500,
      pattern: '^(https://[^\\s"<>]+)?$',
      description: 'Logo shown at the top of the e-mails: an https URL, or empty for the shop name.',
    }),
    accent_color: Type.String({
      pattern: '^#[0-9a-fA-F]{6}$',
      description: "Colour of the e-mails' button and coupon frame (#rrggbb).",
    }),
    footer_address: Type.String({
      maxLength: 300,
      description: "Postal address in the e-mails' footer (CAN-SPAM).",
    }),
    capture_rate_limit: Type.Integer({
      minimum: 1,
      maximum: 1000000,
      description: 'Requests per window per client address (capture, restore and unsubscribe links).',
    }),
    capture_rate_window: Type.Integer({ minimum: 10, maximum: 86400, description: 'Window in seconds.' }),
    agent_access_enabled: Type.Boolean(),
    agent_rest_enabled: Type.Boolean(),
    agent_abilities_enabled: Type.Boolean(),
    agent_mcp_public_enabled: Type.Boolean(),
    agent_write_enabled: Type.Boolean(),
    agent_contact_enabled: Type.Boolean(),
    agent_sensitive_enabled: Type.Boolean(),
    agent_destructive_enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
/** The settings record. */
export type Settings = Static<typeof SettingsSchema>;

/** A partial settings update (unknown keys refused). */
export const SettingsPatchSchema = Type.Partial(SettingsSchema, { additionalProperties: false });
/** A partial settings update. */
export type SettingsPatch = Static<typeof SettingsPatchSchema>;

/** One step of the campaign: when it goes out, whether it carries a coupon, and its template. */
export const CampaignStepSchema = Type.Object(
  {
    delay_minutes: Type.Integer({
      minimum: 15,
      maximum: 10080,
      description: 'Minutes after abandonment; each step later than the one before.',
    }),
    coupon_enabled: Type.Boolean(),
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    heading: Type.String({ minLength: 1, maxLength: 200 }),
    preheader: Type.String({ maxLength: 200 }),
    body: Type.String({ minLength: 1, maxLength: 5000 }),
    cta_label: Type.String({ minLength: 1, maxLength: 80 }),
  },
  { additionalProperties: false },
);
/** One campaign step. */
export type CampaignStep = Static<typeof CampaignStepSchema>;

/** The campaign record: enabled flag and exactly three ordered steps. */
export const CampaignSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    steps: Type.Array(CampaignStepSchema, { minItems: 3, maxItems: 3 }),
  },
  { additionalProperties: false },
);
/** The campaign record. */
export type Campaign = Static<typeof CampaignSchema>;

/** A campaign update: the flag and/or the three steps, each step partial (merged by position). */
export const CampaignPatchSchema = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    steps: Type.Optional(
      Type.Array(Type.Partial(CampaignStepSchema, { additionalProperties: false }), {
        minItems: 3,
        maxItems: 3,
      }),
    ),
  },
  { additionalProperties: false },
);
/** A campaign update. */
export type CampaignPatch = Static<typeof CampaignPatchSchema>;
