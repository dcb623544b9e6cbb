import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { formBrowser } from '../helpers/form-browser.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// "Lost your password?" for customers (My account) and staff (wp-login.php): the same answer for any name, a
// single-use link that expires, the new password ending every other session, and throttling.
let t: TestApp;
const clock = new ManualClock(new Date('2026-12-01T10:00:00Z'));

const nonceOf = (body: string, name: string) =>
  body.match(new RegExp(`name="${name}" value="([0-9a-f]{10})"`))![1]!;

async function mailsTo(address: string) {
  return t.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();
}

const linkIn = (text: string) => text.match(/http:\/\/shop\.test\S+/)![0];

async function askForLink(login: string, remoteAddress = '10.0.0.1') {
  const v = formBrowser(t, { remoteAddress });
  const page = await v.get('/my-account/lost-password/');
  expect(page.statusCode).toBe(200);
  return v.post('/my-account/lost-password/', {
    'woocommerce-lost-password-nonce': nonceOf(page.body, 'woocommerce-lost-password-nonce'),
    user_login: login,
  });
}

/** Follows an e-mailed link as a browser: the key moves into a cookie, then the reset form is posted. */
async function resetWith(link: string, password: string, confirm = password) {
  const v = formBrowser(t);
  const landing = await v.get(link.replace('http://shop.test', ''));
  expect(landing.statusCode).toBe(302);
  expect(landing.headers.location).toBe('/my-account/lost-password/?show-reset-form=true');
  const form = await v.get('/my-account/lost-password/?show-reset-form=true');
  if (form.statusCode !== 200) return form;
  return v.post('/my-account/lost-password/', {
    'woocommerce-reset-password-nonce': nonceOf(form.body, 'woocommerce-reset-password-nonce'),
    password_1: password,
    password_2: confirm,
    wc_reset_password: 'true',
  });
}

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [], clock } });
});
afterAll(async () => t?.close());

describe('lost password on My account', () => {
  it('should answer the same for a known and an unknown account and e-mail only the known one', async () => {
    const known = await t.createUser({ username: 'rosa', email: 'rosa@example.com' });
    const answers = [await askForLink('rosa@example.com'), await askForLink('nobody@example.com')];
    for (const r of answers) {
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toBe('/my-account/lost-password/?reset-link-sent=true');
    }
    const mails = await mailsTo(known.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('[Storeside] Password Reset');
    expect(mails[0]!.text_body).toContain('Username: rosa');
    expect(linkIn(mails[0]!.text_body)).toMatch(
      new RegExp(`^http://shop.test/my-account/lost-password/\\?key=[A-Za-z0-9_-]{32,64}&id=${known.id}$`),
    );
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);
  });

  it('should set the new password once, end the other sessions and refuse the used link', async () => {
    const user = await t.createUser({ username: 'ines', email: 'ines@example.com' });
    const before = await t.login(user);
    await askForLink('ines');
    const link = linkIn((await mailsTo(user.email)).at(-1)!.text_body);

    const mismatch = await resetWith(link, 'new-password-1', 'other-password-1');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Passwords do not match.');
    const short = await resetWith(link, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('at least 8 characters');

    const done = await resetWith(link, 'new-password-1');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/my-account/?password-reset=true');
    const me = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: before.headers });
    expect(me.statusCode).toBe(401);
    await expect(t.login({ username: 'ines', password: user.password })).rejects.toThrow('401');
    await t.login({ username: 'ines', password: 'new-password-1' });

    const again = await resetWith(link, 'third-password-1');
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This key is invalid or has already been used.');
    await t.login({ username: 'ines', password: 'new-password-1' });
  });

  it('should refuse an expired link and a link replaced by a newer one', async () => {
    const user = await t.createUser({
      username: 'omar',
      email: 'omar@example.com',
      password: 'old-password-1',
    });
    await askForLink('omar', '10.0.0.2');
    const first = linkIn((await mailsTo(user.email)).at(-1)!.text_body);
    await askForLink('omar', '10.0.0.2');
    const second = linkIn((await mailsTo(user.email)).at(-1)!.text_body);
    expect((await resetWith(first, 'new-password-1')).statusCode).toBe(400);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const expired = await resetWith(second, 'new-password-1');
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('This key is invalid or has already been used.');
    await t.login({ username: 'omar', password: 'old-password-1' });
  });

  it('should throttle requests from one address and e-mails to one account', async () => {
    const user = await t.createUser({ username: 'lena', email: 'lena@example.com' });
    for (let i = 0; i < 5; i++) expect((await askForLink('lena', '10.0.0.9')).statusCode).toBe(303);
    const refused = await askForLink('lena', '10.0.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Three e-mails an hour to one account, whatever the address asking.
    expect(await mailsTo(user.email)).toHaveLength(3);
  });

  it('should refuse a post without the form nonce and an empty name, sending nothing', async () => {
    const user = await t.createUser({ username: 'noor', email: 'noor@example.com' });
    const v = formBrowser(t, { remoteAddress: '10.0.0.3' });
    const forged = await v.post('/my-account/lost-password/', { user_login: 'noor' });
    expect(forged.statusCode).toBe(403);
    const page = await v.get('/my-account/lost-password/');
    const empty = await v.post('/my-account/lost-password/', {
      'woocommerce-lost-password-nonce': nonceOf(page.body, 'woocommerce-lost-password-nonce'),
      user_login: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });
});

describe('lost password on wp-login.php', () => {
  it('should e-mail staff a wp-login.php link whose key leaves the URL, and set the password', async () => {
    const staff = await t.createUser({ role: 'shop_manager', username: 'mgr', email: 'mgr@example.com' });
    const v = formBrowser(t, { remoteAddress: '10.0.0.4' });
    const login = await v.get('/wp-login.php');
    expect(login.body).toContain('href="/wp-login.php?action=lostpassword"');
    expect((await v.get('/wp-login.php?action=lostpassword')).body).toContain('Get New Password');
    const asked = await v.post('/wp-login.php?action=lostpassword', { user_login: 'MGR' });
    expect(asked.statusCode).toBe(302);
    expect(asked.headers.location).toBe('/wp-login.php?checkemail=confirm');
    const link = linkIn((await mailsTo(staff.email)).at(-1)!.text_body);
    expect(link).toMatch(
      /^http:\/\/shop\.test\/wp-login\.php\?action=rp&key=[A-Za-z0-9_-]{32,64}&login=mgr$/,
    );

    const landing = await v.get(link.replace('http://shop.test', ''));
    expect(landing.headers.location).toBe('/wp-login.php?action=rp');
    const form = await v.get('/wp-login.php?action=rp');
    expect(form.body).toContain('Enter your new password below for <strong>mgr</strong>');
    const saved = await v.post('/wp-login.php?action=resetpass', {
      pass1: 'manager-password-2',
      pass2: 'manager-password-2',
    });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe('/wp-login.php?password=changed');
    await t.login({ username: 'mgr', password: 'manager-password-2' });
    const reused = await v.post('/wp-login.php?action=resetpass', {
      pass1: 'x-password-3',
      pass2: 'x-password-3',
    });
    expect(reused.statusCode).toBe(400);
  });

  it('should answer an unknown name as a known one and still log in with log and pwd', async () => {
    const v = formBrowser(t, { remoteAddress: '10.0.0.5' });
    const asked = await v.post('/wp-login.php?action=lostpassword', { user_login: 'ghost' });
    expect(asked.headers.location).toBe('/wp-login.php?checkemail=confirm');
    const empty = await v.post('/wp-login.php?action=lostpassword', { user_login: '' });
    expect(empty.statusCode).toBe(400);
    const loggedIn = await v.post('/wp-login.php', { log: 'admin', pwd: 'admin-password-1' });
    expect(loggedIn.statusCode).toBe(302);
  });
});
