/** One e-mail message with text and optional HTML parts. */
export interface MailMessage {
  to: string;
  from?: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Free-form tag stored with outbox copies (e.g. `cart-recovery:step1`). */
  tag?: string;
}

/** What happened to a message. */
export interface MailReceipt {
  messageId: string;
  transport: 'smtp' | 'outbox';
}

/** Sends mail through SMTP (SMTP_URL) or keeps it in the stored outbox. */
export interface MailSender {
  send(message: MailMessage): Promise<MailReceipt>;
  close(): Promise<void>;
}
