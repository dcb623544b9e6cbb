import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { toDbTime } from '../db/sql-helpers.js';
import { insertOutboxRow } from './mail-outbox.repository.js';
import type { MailMessage, MailReceipt, MailSender } from './mail-sender.js';

/** Keeps every message in the `mail_outbox` table (no SMTP_URL): nothing lost, nothing faked. */
export class OutboxMailSender implements MailSender {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<MailReceipt> {
    const messageId = `<${randomUUID()}@storeside>`;
    await insertOutboxRow(this.db, {
      message_id: messageId,
      transport: 'outbox',
      to_address: message.to,
      from_address: message.from ?? this.from,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      headers: JSON.stringify(message.headers ?? {}),
      tag: message.tag ?? null,
      created_at: toDbTime(this.clock.now()),
    });
    return { messageId, transport: 'outbox' };
  }

  async close(): Promise<void> {}
}

/** Sends through SMTP (nodemailer, SMTP_URL). */
export class SmtpMailSender implements MailSender {
  private constructor(
    private readonly transport: Transporter,
    private readonly from: string,
  ) {}

  /** Loads nodemailer (only servers with SMTP_URL pay for it) and opens the transport. */
  static async create(smtpUrl: string, from: string): Promise<SmtpMailSender> {
    const { default: nodemailer } = await import('nodemailer');
    return new SmtpMailSender(nodemailer.createTransport(smtpUrl), from);
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    const info = await this.transport.sendMail({
      from: message.from ?? this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    });
    return { messageId: info.messageId, transport: 'smtp' };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
