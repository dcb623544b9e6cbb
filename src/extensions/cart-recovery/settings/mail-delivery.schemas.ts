import { type Static, Type } from '@sinclair/typebox';

/** `GET /settings/mail`: where the server's mail goes (SMTP when `SMTP_URL` is set, else the stored outbox). */
export const MailDeliverySchema = Type.Object({
  transport: Type.Union([Type.Literal('smtp'), Type.Literal('outbox')], {
    description: 'smtp when SMTP_URL is set; outbox keeps every message in the Outbox (Tools → Outbox).',
  }),
});
/** Where the server's mail goes. */
export type MailDelivery = Static<typeof MailDeliverySchema>;
