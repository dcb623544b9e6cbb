import type { Static } from '@sinclair/typebox';
import { siteName } from '../../platform/admin-pages/site-identity.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { NotFoundError } from '../../platform/http/errors.js';
import type { JobArgs } from '../../platform/jobs/job-queue.js';
import { loadOrder, type OrderRecord } from '../orders/order-records.js';
import type { PaymentGateways } from '../payments/payment-gateways.service.js';
import type { ShopContext } from '../shop-part.js';
import type { ShopEmailSchema } from './emails.schemas.js';
import { type EmailConfig, readEmailBrand, readEmailConfig } from './email-settings.js';
import { claimEmailSend, latestOrderId, releaseEmailSend } from './email-sends.repository.js';
import { type RenderedOrderEmail, renderOrderEmail } from './order-email.render.js';
import { emailOrderView, orderDate } from './order-email.view.js';
import { sampleOrder } from './sample-order.js';
import { findShopEmail, SHOP_EMAILS, type ShopEmail } from './shop-emails.js';

/** The job hook that sends one of the shop's e-mails. */
export const SEND_EMAIL_HOOK = 'shop.emails.send';

/** What sends one e-mail for one event: which e-mail, the order, and the event's unique send key. */
export interface EmailTrigger {
  emailId: string;
  orderId: number;
  /** Unique per order + e-mail + event (`12:customer_processing_order:pending>processing`). */
  sendKey: string;
  /** The wording to use (`full`/`partial` refunds), '' for the e-mail's only one. */
  wording?: string;
  /** The customer note's text (customer note e-mail). */
  note?: string;
}

/** What the shop's e-mail code needs besides the context. */
export interface EmailDeps {
  ctx: ShopContext;
  gateways: PaymentGateways;
}

/**
 * Queues the e-mails in the caller's transaction (`db`), all in one statement: jobs unique by their send keys, so
 * the same event queued twice while the first is waiting makes one job each; the send itself claims the key once
 * more (see `sendShopEmail`).
 */
export async function queueShopEmails(
  ctx: ShopContext,
  triggers: readonly EmailTrigger[],
  db: DbOrTrx,
): Promise<void> {
  if (triggers.length === 0) return;
  await ctx.jobs.scheduleMany(
    triggers.map((trigger) => ({
      hook: SEND_EMAIL_HOOK,
      args: {
        email_id: trigger.emailId,
        order_id: trigger.orderId,
        send_key: trigger.sendKey,
        wording: trigger.wording ?? '',
        note: trigger.note ?? '',
      } satisfies JobArgs,
      unique: true,
      maxAttempts: 3,
      group: 'shop-emails',
    })),
    db,
  );
}

/**
 * The send job: nothing when the e-mail is disabled, the order gone or there is no recipient; else the send key is
 * claimed (atomically, by its primary key: a second run of the same event, on any instance, finds it taken) and
 * the message goes to the mail sender (outbox or SMTP). A failed send gives the claim back so the retry can send.
 */
export async function sendShopEmail(deps: EmailDeps, args: JobArgs): Promise<void> {
  const { ctx } = deps;
  const email = findShopEmail(String(args.email_id));
  if (!email) return;
  const config = await readEmailConfig(ctx.options, email, ctx.config.admin.email);
  if (!config.enabled) return;
  const order = await loadOrder(ctx.db, Number(args.order_id));
  if (!order || order.trashed) return;
  const to = email.audience === 'owner' ? config.recipients.join(', ') : order.billing.email.trim();
  if (!to) return;
  const message = await composeShopEmail(deps, email, order, config, {
    wording: String(args.wording ?? ''),
    note: String(args.note ?? ''),
  });
  const sendKey = String(args.send_key);
  const claimed = await claimEmailSend(ctx.db, {
    send_key: sendKey,
    email_id: email.id,
    order_id: order.id,
    created_at: toDbTime(ctx.clock.now()),
  });
  if (!claimed) return;
  try {
    await ctx.mail.send({
      to,
      from: message.from,
      subject: message.subject,
      text: message.text,
      ...(message.html !== null ? { html: message.html } : {}),
      tag: `shop:${email.id}`,
    });
  } catch (error) {
    await releaseEmailSend(ctx.db, sendKey);
    throw error;
  }
}

/** A preview of an e-mail: rendered with the given order, else the newest order, else a sample order. */
export async function previewShopEmail(
  deps: EmailDeps,
  emailId: string,
  orderId: number | undefined,
): Promise<RenderedOrderEmail & { order_id: number | null }> {
  const email = findShopEmail(emailId);
  if (!email) throw new NotFoundError('shop_email_invalid', 'Invalid e-mail.');
  const id = orderId ?? (await latestOrderId(deps.ctx.db));
  const order = id === null ? null : await loadOrder(deps.ctx.db, id);
  if (orderId !== undefined && !order)
    throw new NotFoundError('woocommerce_rest_order_invalid_id', 'Invalid order ID.');
  const config = await readEmailConfig(deps.ctx.options, email, deps.ctx.config.admin.email);
  // A preview always shows the HTML part, also of an e-mail set to plain text (its text part comes with it).
  const message = await composeShopEmail(
    deps,
    email,
    order ?? sampleOrder(deps.ctx.clock.now()),
    { ...config, emailType: 'html' },
    {
      wording: email.wordings[0]!.id,
      note:
        email.id === 'customer_note' ? 'This is a sample note: your parcel left our warehouse today.' : '',
    },
  );
  return { subject: message.subject, text: message.text, html: message.html, order_id: order?.id ?? null };
}

/** Every e-mail with its on/off state and (owner e-mails) the addresses it goes to, for the admin's list. */
export async function listShopEmails(ctx: ShopContext): Promise<Static<typeof ShopEmailSchema>[]> {
  return Promise.all(
    SHOP_EMAILS.map(async (email) => {
      const config = await readEmailConfig(ctx.options, email, ctx.config.admin.email);
      return {
        id: email.id,
        title: email.title,
        description: email.description,
        audience: email.audience,
        enabled: config.enabled,
        recipient: email.audience === 'owner' ? config.recipients.join(', ') : '',
      };
    }),
  );
}

// The e-mail for one order: placeholders filled, order lines with images, payment notes, brand and sender.
async function composeShopEmail(
  deps: EmailDeps,
  email: ShopEmail,
  order: OrderRecord,
  config: EmailConfig,
  extra: { wording: string; note: string },
): Promise<RenderedOrderEmail & { from: string }> {
  const { ctx } = deps;
  const title = await siteName(ctx.options);
  const { fromName, fromAddress, brand } = await readEmailBrand(ctx.options, {
    title,
    adminEmail: ctx.config.admin.email,
  });
  const wording = email.wordings.find((w) => w.id === extra.wording) ?? email.wordings[0]!;
  const customerName = [order.billing.first_name, order.billing.last_name].filter(Boolean).join(' ');
  const values: Record<string, string> = {
    site_title: title,
    site_address: new URL(ctx.config.publicUrl).host,
    site_url: new URL(ctx.config.publicUrl).host,
    order_date: orderDate(order.date_created),
    order_number: String(order.id),
    customer_name: customerName || order.billing.email || 'a guest',
  };
  const fill = (text: string) =>
    text.replace(/\{([a-z_]+)\}/g, (mark, name: string) =>
      Object.hasOwn(values, name) ? values[name]! : mark,
    );
  const view = emailOrderView(order, {
    money: (minor) => `${ctx.shop.currency.symbol}${ctx.shop.formatMoney(minor)}`,
    imageOf: await productImages(ctx, order),
  });
  const rendered = await renderOrderEmail(
    {
      siteTitle: title,
      brand,
      subject: fill(config.subjects[wording.id] ?? wording.subject)
        .replace(/[\r\n]+/g, ' ')
        .trim(),
      heading: fill(config.headings[wording.id] ?? wording.heading),
      intro: fill(wording.intro),
      note: extra.note,
      paymentNotes: await paymentNotes(deps, email, order),
      order: view,
      additionalContent: fill(config.additionalContent),
    },
    config.emailType,
  );
  const safeName = fromName.replace(/["\\\r\n]/g, '').trim();
  return { ...rendered, from: safeName ? `"${safeName}" <${fromAddress}>` : fromAddress };
}

// The image URL of each line's product (the variation's own image first), absolute; '' when it has none.
async function productImages(
  ctx: ShopContext,
  order: OrderRecord,
): Promise<(productId: number, variationId: number) => string> {
  const ids = [...new Set(order.line_items.map((l) => l.product_id))];
  const products = ids.length > 0 ? await ctx.shop.getProducts(ids) : [];
  const absolute = (src: string) => (src.startsWith('/') ? `${ctx.config.publicUrl}${src}` : src);
  return (productId, variationId) => {
    const product = products.find((p) => p.id === productId);
    const variation = product?.variations.find((v) => v.id === variationId);
    return absolute(variation?.image?.src || product?.images[0]?.src || '');
  };
}

// What the payment method tells the shopper (instructions, bank details) in the e-mail of the status it places
// orders at, as WooCommerce's offline gateways do (bacs/cheque: on-hold; cod: processing).
async function paymentNotes(deps: EmailDeps, email: ShopEmail, order: OrderRecord): Promise<string[]> {
  if (email.id !== 'customer_on_hold_order' && email.id !== 'customer_processing_order') return [];
  const state = (await deps.gateways.list()).find((s) => s.gateway.id === order.payment_method);
  const placed = email.id === 'customer_on_hold_order' ? 'on-hold' : 'processing';
  if (!state?.gateway.receivedNotes || state.gateway.placedStatus !== placed) return [];
  return state.gateway.receivedNotes({ order, settings: state.settings });
}
