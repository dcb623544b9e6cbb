import type { OrderRecord } from '../orders/order-records.js';
import type { OrderStatus } from '../shop-api.js';

/** One setting of a gateway, as WooCommerce's form fields describe it. */
export interface GatewayField {
  id: string;
  label: string;
  description: string;
  type: 'text' | 'textarea' | 'checkbox' | 'select' | 'password' | 'safe_text';
  default: string;
  tip: string;
  placeholder: string;
  options?: Record<string, string>;
  /** Encrypted at rest and never answered whole (masked). */
  secret?: boolean;
}

/** A gateway's stored settings: WooCommerce's strings (`yes`/`no` for checkboxes), secrets already opened. */
export type GatewaySettings = Readonly<Record<string, string>>;

/** What checkout answers about the payment (WooCommerce Store API `payment_result`). */
export interface PaymentResult {
  payment_status: 'success' | 'pending' | 'failure' | 'error';
  payment_details: Array<{ key: string; value: string }>;
  redirect_url: string;
}

/** A way to pay, WooCommerce's `WC_Payment_Gateway`: its settings and what it does with a placed order. */
export interface PaymentGateway {
  id: string;
  methodTitle: string;
  methodDescription: string;
  supports: readonly string[];
  /** Enabled, title and description before an owner saves anything. */
  defaults: { enabled: boolean; title: string; description: string };
  /** Settings besides `enabled`, `title` and `description`. */
  fields: readonly GatewayField[];
  /** The status checkout moves a new order to (`pending`: it waits for the payment). */
  placedStatus: Extract<OrderStatus, 'pending' | 'processing' | 'on-hold'>;
  /** After the order is stored: takes the payment (or sends the shopper to pay) and says what happened. */
  pay(input: { order: OrderRecord; settings: GatewaySettings; receivedUrl: string }): Promise<PaymentResult>;
  /** Origins of the pages `pay` may send the shopper to (a hosted payment page): checkout's form may go there. */
  hostedPageOrigins?: readonly string[];
  /** Lines shown to the shopper on the order-received page (bank details, payment state). */
  receivedNotes?(input: { order: OrderRecord; settings: GatewaySettings }): Promise<string[]> | string[];
}
