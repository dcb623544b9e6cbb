import { findUserByLogin } from '../../platform/auth/users.repository.js';
import { createCustomerAccount } from '../customers/registration.service.js';
import type { DemoStep, ShopContext } from '../shop-part.js';

/** Password of every demo customer (printed by `storeside demo`). */
export const DEMO_CUSTOMER_PASSWORD = 'storeside-demo';

/** The demo customers (e-mail is the idempotency key). */
export const DEMO_CUSTOMERS = [
  { username: 'alice', first_name: 'Alice', last_name: 'Martin', email: 'alice.martin@example.com' },
  { username: 'bruno', first_name: 'Bruno', last_name: 'Silva', email: 'bruno.silva@example.com' },
  { username: 'chen', first_name: 'Chen', last_name: 'Wei', email: 'chen.wei@example.com' },
  { username: 'dana', first_name: 'Dana', last_name: 'Kowalski', email: 'dana.kowalski@example.com' },
  { username: 'emeka', first_name: 'Emeka', last_name: 'Obi', email: 'emeka.obi@example.com' },
];

/** `storeside demo` customers step: five customers (registered as through the shop, so extensions see them). */
export function customersDemoStep(ctx: ShopContext): DemoStep {
  return async ({ print }) => {
    let created = 0;
    for (const customer of DEMO_CUSTOMERS) {
      if (await findUserByLogin(ctx.db, customer.email)) continue;
      await createCustomerAccount(ctx, { ...customer, password: DEMO_CUSTOMER_PASSWORD, referralCode: null });
      created++;
    }
    print(
      created === 0
        ? 'Demo customers: already seeded.'
        : `Demo customers: ${created} created (${DEMO_CUSTOMERS.map((c) => c.username).join(', ')}; password "${DEMO_CUSTOMER_PASSWORD}").`,
    );
  };
}
