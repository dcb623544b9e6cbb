import type { AuthUser } from '../platform/auth/principal.js';
import type { CartTotalsHook, OrderStatus, ShopCart, ShopOrder } from './shop-api.js';

declare module '../platform/events/event-bus.js' {
  interface StoresideEvents {
    /** A customer registered (referral code from `ref` or the `ref` cookie, if any). */
    'customer.registered': { user: AuthUser; referralCode: string | null };
    /** A review became approved (on create as approved, or by moderation). */
    'review.approved': {
      review: {
        id: number;
        product_id: number;
        user_id: number | null;
        reviewer_email: string;
        rating: number;
      };
    };
    /** Items, coupons or the owner of a cart changed. */
    'cart.updated': { cart: ShopCart };
    /** Totals are being computed: handlers add fees or virtual coupons (no writes here). */
    'cart.calculate_totals': CartTotalsHook;
    /** An order was created by checkout, inside the checkout transaction; a throw refuses the checkout. */
    'order.created': { order: ShopOrder; cart: ShopCart; extensions: Record<string, unknown> };
    /** An order's status changed (inside the transaction that changed it). */
    'order.status_changed': { order: ShopOrder; from: OrderStatus; to: OrderStatus };
    /** A refund was recorded; `refunded_total` is the cumulative refunded amount (minor units). */
    'order.refunded': {
      order: ShopOrder;
      refund: { id: number; amount: number; reason: string };
      refunded_total: number;
    };
    /** A note for the customer was added to an order (`customer_note: true`); the shop e-mails it. */
    'order.customer_note_added': { order: ShopOrder; note: { id: number; note: string } };
    /** A refund was deleted (`DELETE /wc/v3/orders/{id}/refunds/{refund_id}`); the order's refunded total went down. */
    'order.refund_deleted': { order: ShopOrder; refund: { id: number; amount: number; reason: string } };
  }
}
