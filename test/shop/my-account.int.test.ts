import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineExtension } from '../../src/extensions/define-extension.js';
import { html } from '../../src/platform/http/html.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { formBrowser } from '../helpers/form-browser.js';
import { seedProduct } from './cart-helpers.js';

// `/my-account/` as a browser without JavaScript uses it: GET pages, POST forms, follow 303s with the cookies;
// results checked through the REST API.
let t: TestApp;
let pen: number;
let admin: Record<string, string>;
const registered: Array<{ email: string; referralCode: string | null }> = [];

const notes = defineExtension({
  name: 'test-notes',
  migrations: {},
  services: (ctx) => ({ ctx }),
  subscribers({ ctx }) {
    ctx.shop.addStorefrontPart('my_account.sections', {
      slug: 'notes',
      label: 'Notes',
      render: async ({ user, page }) =>
        page > 3 ? null : { body: html`<p>Notes of ${user.email} <b>page ${page}</b></p>` },
    });
  },
});

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [notes] } });
  pen = await seedProduct(t, { name: 'Pen', price: 300 });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  t.ctx.events.on('customer.registered', async ({ user, referralCode }) => {
    registered.push({ email: user.email, referralCode });
  });
});
afterAll(async () => t.close());

/** A browser without JavaScript: keeps cookies (drops cleared ones), posts forms. */
const visitor = (ip = '10.0.0.1') => formBrowser(t, { remoteAddress: ip });

const field = (body: string, name: string) =>
  body.match(new RegExp(`name="${name}" value="([0-9a-f]{10})"`))?.[1] ?? '';

async function loggedIn(user: { username: string; password: string }) {
  const v = visitor();
  const page = await v.get('/my-account/');
  const r = await v.post('/my-account/', {
    username: user.username,
    password: user.password,
    'woocommerce-login-nonce': field(page.body, 'woocommerce-login-nonce'),
    login: 'Log in',
  });
  expect(r.statusCode, r.body).toBe(303);
  return v;
}

describe('My account for guests', () => {
  it('should show the Log in and Register forms with their labelled fields', async () => {
    const r = await visitor().get('/my-account/');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<label for="username">Username or email address');
    expect(r.body).toContain('<label for="password">Password');
    expect(r.body).toContain('Remember me');
    expect(r.body).toContain('<button type="submit" name="login" value="Log in">Log in</button>');
    expect(r.body).toContain('<label for="reg_email">Email address');
    expect(r.body).toContain('<label for="reg_password">Password');
    expect(r.body).toContain('>Register</button>');
  });

  it('should show the Log in form on every account page a guest opens, coming back there after login', async () => {
    const user = await t.createUser();
    for (const path of [
      '/my-account/orders/',
      '/my-account/edit-address/',
      '/my-account/edit-account/',
      '/my-account/notes/',
    ]) {
      const v = visitor();
      const page = await v.get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`name="redirect" value="${path}"`);
      const r = await v.post('/my-account/', {
        username: user.username,
        password: user.password,
        redirect: path,
        'woocommerce-login-nonce': field(page.body, 'woocommerce-login-nonce'),
        login: 'Log in',
      });
      expect(r.headers.location).toBe(path);
    }
  });

  it('should register a customer with the shop registration (event, referral cookie) and log them in', async () => {
    const v = visitor('10.0.1.1');
    v.jar.set('storeside_ref', 'ABCD2345');
    const page = await v.get('/my-account/');
    const r = await v.post('/my-account/', {
      email: 'new.buyer@example.com',
      password: 'a-long-password',
      'woocommerce-register-nonce': field(page.body, 'woocommerce-register-nonce'),
      register: 'Register',
    });
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe('/my-account/');
    expect(registered).toContainEqual({ email: 'new.buyer@example.com', referralCode: 'ABCD2345' });
    const dashboard = await v.get('/my-account/');
    expect(dashboard.body).toContain('Hello <strong>new.buyer</strong>');
    const customers = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/customers?email=new.buyer@example.com',
      headers: admin,
    });
    expect(customers.json()).toHaveLength(1);
    expect(customers.json()[0].role).toBe('customer');
  });

  it('should show registration errors at their fields, keep the e-mail typed, and create nobody', async () => {
    const v = visitor('10.0.1.2');
    const page = await v.get('/my-account/');
    const nonce = field(page.body, 'woocommerce-register-nonce');
    const post = (email: string, password: string) =>
      v.post('/my-account/', { email, password, 'woocommerce-register-nonce': nonce, register: 'Register' });
    const bad = await post('not-an-email', 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id="reg_email-error"');
    expect(bad.body).toContain('The email must be a valid email address.');
    expect(bad.body).toContain('The password must be at least 8 characters.');
    expect(bad.body).toContain('value="not-an-email"');
    const taken = await post('new.buyer@example.com', 'a-long-password');
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('An account is already registered with your email address. Please log in.');
    const empty = await post('', '');
    expect(empty.statusCode).toBe(400);
    const stale = await v.post('/my-account/', {
      email: 'someone@example.com',
      password: 'a-long-password',
      'woocommerce-register-nonce': '0123456789',
      register: 'Register',
    });
    expect(stale.statusCode).toBe(403);
    expect(registered.map((r) => r.email)).not.toContain('someone@example.com');
  });

  it('should refuse a wrong password (401), an expired form (403), empty fields (400), then throttle (429)', async () => {
    const user = await t.createUser();
    const v = visitor('10.0.2.1');
    const page = await v.get('/my-account/');
    const nonce = field(page.body, 'woocommerce-login-nonce');
    const attempt = (password: string, formNonce = nonce) =>
      v.post('/my-account/', {
        username: user.username,
        password,
        'woocommerce-login-nonce': formNonce,
        login: 'Log in',
      });
    expect((await attempt(user.password, '0123456789')).statusCode).toBe(403);
    expect((await attempt('')).statusCode).toBe(400);
    const wrong = await attempt('wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toContain('The username or password you entered is incorrect.');
    expect(wrong.body).toContain(`value="${user.username}"`);
    expect(v.cookie()).not.toContain('storeside_logged_in');
    for (let i = 0; i < 4; i++) await attempt('wrong-password');
    const throttled = await attempt(user.password);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeTruthy();
  });

  it('should log in by e-mail, keep Remember me as a lasting cookie, and never redirect off the site', async () => {
    const user = await t.createUser();
    for (const [remember, lasting] of [
      ['forever', true],
      ['', false],
    ] as const) {
      const v = visitor();
      const page = await v.get('/my-account/');
      const r = await v.post('/my-account/', {
        username: user.email,
        password: user.password,
        rememberme: remember,
        redirect: 'https://evil.example/',
        'woocommerce-login-nonce': field(page.body, 'woocommerce-login-nonce'),
        login: 'Log in',
      });
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toBe('/my-account/');
      const session = r.cookies.find((c) => c.name === 'storeside_logged_in')!;
      expect(session.httpOnly).toBe(true);
      expect(session.maxAge !== undefined).toBe(lasting);
    }
  });

  it('should not send a customer off the site after login for a redirect_to that normalises to //host', async () => {
    const user = await t.createUser();
    for (const target of ['/.//evil.example/', '/%2e//evil.example/', '/.\\/evil.example/']) {
      const v = visitor();
      const page = await v.get(`/my-account/?redirect_to=${encodeURIComponent(target)}`);
      expect(page.body, target).not.toContain('name="redirect"');
      const r = await v.post('/my-account/', {
        username: user.username,
        password: user.password,
        redirect: target,
        'woocommerce-login-nonce': field(page.body, 'woocommerce-login-nonce'),
        login: 'Log in',
      });
      expect(r.statusCode, target).toBe(303);
      expect(r.headers.location, target).toBe('/my-account/');
    }
  });

  it('should merge the guest cart into the customer cart at login', async () => {
    const user = await t.createUser();
    const v = visitor();
    await v.post('/cart/', { 'add-to-cart': String(pen), quantity: '2' });
    const page = await v.get('/my-account/');
    await v.post('/my-account/', {
      username: user.username,
      password: user.password,
      'woocommerce-login-nonce': field(page.body, 'woocommerce-login-nonce'),
      login: 'Log in',
    });
    const cart = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: await t.appPasswordHeader(user),
    });
    expect(cart.json().items[0].quantity).toBe(2);
  });
});

describe('My account for customers', () => {
  it('should show the dashboard and the account menu with the extensions’ sections before Account details', async () => {
    const user = await t.createUser();
    const v = await loggedIn(user);
    const r = await v.get('/my-account/');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<h1>My account</h1>');
    const menu = r.body.slice(
      r.body.indexOf('class="account-nav"'),
      r.body.indexOf('</nav>', r.body.indexOf('account-nav')),
    );
    const labels = [...menu.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(labels).toEqual(['Dashboard', 'Orders', 'Addresses', 'Notes', 'Account details', 'Log out']);
    expect(menu).toContain('<a href="/my-account/" aria-current="page">Dashboard</a>');
  });

  it('should list only the customer’s own orders and show an order’s detail only to its customer', async () => {
    const buyer = await t.createUser();
    const other = await t.createUser();
    const place = async (user: typeof buyer) => {
      const headers = await t.appPasswordHeader(user);
      await t.app.inject({
        method: 'POST',
        url: '/wp-json/wc/store/v1/cart/add-item',
        headers,
        payload: { id: pen, quantity: 3 },
      });
      const r = await t.app.inject({
        method: 'POST',
        url: '/wp-json/wc/store/v1/checkout',
        headers,
        payload: {
          billing_address: { email: user.email, first_name: 'Ann', last_name: '<Lee>', city: 'Oslo' },
          payment_method: 'cod',
        },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().order_id as number;
    };
    const mine = await place(buyer);
    const theirs = await place(other);
    const v = await loggedIn(buyer);
    const list = await v.get('/my-account/orders/');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/my-account/view-order/${mine}/">#${mine}</a>`);
    expect(list.body).not.toContain(`#${theirs}<`);
    expect(list.body).toContain('Processing');
    expect(list.body).toContain('$9.00 for 3 items');
    const detail = await v.get(`/my-account/view-order/${mine}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain(`<h1>Order #${mine}</h1>`);
    expect(detail.body).toContain('Pen × 3');
    expect(detail.body).toContain('Ann &lt;Lee&gt;');
    const foreign = await v.get(`/my-account/view-order/${theirs}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toContain('Invalid order.');
    expect(foreign.body).not.toContain('Pen × 3');
    expect((await v.get('/my-account/view-order/999999/')).statusCode).toBe(404);
    expect((await v.get('/my-account/view-order/abc/')).statusCode).toBe(400);
    expect((await v.get('/my-account/orders/2/')).statusCode).toBe(404);
    const guest = await visitor().get(`/my-account/view-order/${mine}/`);
    expect(guest.body).not.toContain('Pen × 3');
    expect(guest.body).toContain('Username or email address');
  });

  it('should say so when there is no order yet', async () => {
    const v = await loggedIn(await t.createUser());
    const r = await v.get('/my-account/orders/');
    expect(r.body).toContain('No order has been made yet.');
  });

  it('should show the payment title stored with the order, not one derived from the method id', async () => {
    const gateway = (title: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/wp-json/wc/v3/payment_gateways/cod',
        headers: admin,
        payload: { settings: { title } },
      });
    expect((await gateway('Pay at the door')).statusCode).toBe(200);
    const buyer = await t.createUser();
    const headers = await t.appPasswordHeader(buyer);
    await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      headers,
      payload: { id: pen, quantity: 1 },
    });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/checkout',
      headers,
      payload: { billing_address: { email: buyer.email, first_name: 'Ann' }, payment_method: 'cod' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    // The owner renames the gateway afterwards: the order keeps the title it was placed with.
    expect((await gateway('Cash on delivery')).statusCode).toBe(200);
    const id = placed.json().order_id as number;
    const v = await loggedIn(buyer);
    const detail = await v.get(`/my-account/view-order/${id}/`);
    expect(detail.body).toContain('<th scope="row">Payment method</th><td class="num">Pay at the door</td>');
    expect(detail.body).not.toContain('Cash on delivery');
  });

  it('should change the names and the e-mail, refusing bad input at its field', async () => {
    const user = await t.createUser();
    const v = await loggedIn(user);
    const page = await v.get('/my-account/edit-account/');
    expect(page.body).toContain('<label for="account_email">Email address');
    const nonce = field(page.body, 'save-account-details-nonce');
    const save = (fields: Record<string, string>) =>
      v.post('/my-account/edit-account/', {
        account_first_name: 'Ada',
        account_last_name: 'Lovelace',
        account_display_name: 'Ada L.',
        account_email: `ada${user.id}@example.com`,
        'save-account-details-nonce': nonce,
        save_account_details: 'Save changes',
        ...fields,
      });
    const bad = await save({ account_email: 'nope', account_first_name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('id="account_email-error"');
    expect(bad.body).toContain('First name is a required field.');
    const stale = await save({ 'save-account-details-nonce': '0123456789' });
    expect(stale.statusCode).toBe(403);
    const ok = await save({});
    expect(ok.statusCode).toBe(303);
    expect((await v.get(ok.headers.location!.toString())).body).toContain(
      'Account details changed successfully.',
    );
    const me = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/customers/${user.id}`,
      headers: admin,
    });
    expect(me.json()).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `ada${user.id}@example.com`,
    });
    const other = await t.createUser();
    const taken = await save({ account_email: other.email });
    expect(taken.statusCode).toBe(409);
  });

  it('should change the password only with the right current password, keeping this session and ending others', async () => {
    const user = await t.createUser();
    const elsewhere = await t.login(user);
    const v = await loggedIn(user);
    const page = await v.get('/my-account/edit-account/');
    const nonce = field(page.body, 'save-account-details-nonce');
    const save = (fields: Record<string, string>) =>
      v.post('/my-account/edit-account/', {
        account_first_name: 'A',
        account_last_name: 'B',
        account_display_name: 'A B',
        account_email: user.email,
        'save-account-details-nonce': nonce,
        ...fields,
      });
    const wrong = await save({
      password_current: 'nope',
      password_1: 'new-password-1',
      password_2: 'new-password-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Your current password is incorrect.');
    const mismatch = await save({
      password_current: user.password,
      password_1: 'new-password-1',
      password_2: 'x',
    });
    expect(mismatch.body).toContain('New passwords do not match.');
    const missing = await save({ password_1: 'new-password-1', password_2: 'new-password-1' });
    expect(missing.body).toContain('Please enter your current password.');
    const ok = await save({
      password_current: user.password,
      password_1: 'new-password-1',
      password_2: 'new-password-1',
    });
    expect(ok.statusCode).toBe(303);
    expect((await v.get('/my-account/')).body).toContain('Hello');
    const old = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me',
      headers: elsewhere.headers,
    });
    expect(old.statusCode).toBe(401);
    await t.login({ username: user.username, password: 'new-password-1' });
  });

  it('should log out only through the nonce link (a confirmation without it) and end the session', async () => {
    const user = await t.createUser();
    const v = await loggedIn(user);
    const dashboard = await v.get('/my-account/');
    const link = dashboard.body.match(/href="(\/my-account\/customer-logout\/\?_wpnonce=[0-9a-f]{10})"/)![1]!;
    const bare = await v.get('/my-account/customer-logout/');
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('Are you sure you want to log out?');
    const cookieBefore = v.cookie();
    const out = await v.get(link);
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/my-account/?loggedout=true');
    expect((await v.get('/my-account/?loggedout=true')).body).toContain('You are now logged out.');
    const replay = await t.app.inject({
      method: 'GET',
      url: '/my-account/',
      headers: { cookie: cookieBefore },
    });
    expect(replay.body).toContain('Username or email address');
  });

  it("should render an extension's section with its page number, and 404 an unknown one", async () => {
    const user = await t.createUser();
    const v = await loggedIn(user);
    const first = await v.get('/my-account/notes/');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>Notes</h1>');
    expect(first.body).toContain(`Notes of ${user.email} <b>page 1</b>`);
    expect(first.body).toContain('<a href="/my-account/notes/" aria-current="page">Notes</a>');
    expect((await v.get('/my-account/notes/2/')).body).toContain('<b>page 2</b>');
    expect((await v.get('/my-account/notes/4/')).statusCode).toBe(404);
    expect((await v.get('/my-account/nothing-here/')).statusCode).toBe(404);
    expect((await v.get('/my-account/notes/0/')).statusCode).toBe(400);
  });

  it('should refuse an extension section with a reserved or malformed slug', () => {
    const render = async () => null;
    expect(() =>
      t.ctx.shop.addStorefrontPart('my_account.sections', { slug: 'orders', label: 'X', render }),
    ).toThrow();
    expect(() =>
      t.ctx.shop.addStorefrontPart('my_account.sections', { slug: 'Bad Slug', label: 'X', render }),
    ).toThrow();
    expect(() =>
      t.ctx.shop.addStorefrontPart('my_account.sections', { slug: 'notes', label: 'X', render }),
    ).toThrow();
  });
});
