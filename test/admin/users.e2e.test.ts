import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  logInThroughForm,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';

// The Users screens driven in Chromium by an administrator: the list (search, role, paging), Add New User with
// the keyboard alone, editing a role and password, and a user's application passwords; results checked through
// the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;
let bob: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = (await t.login({ username: 'admin', password: 'admin-password-1' })).headers;
  bob = await t.createUser({ username: 'bob', email: 'bob@example.com', role: 'customer' });
  await t.createUser({ username: 'manny', email: 'manny@example.com', role: 'shop_manager' });
  for (let i = 1; i <= 20; i++)
    await t.createUser({
      username: `shopper${String(i).padStart(2, '0')}`,
      email: `shopper${i}@example.com`,
    });
  browser = await launchBrowser();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  page = await context.newPage();
  page.setDefaultTimeout(5_000); // a missing element fails with its name, well before the test's timeout
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const notices = () => page.locator('.storeside-notices');

async function rest(method: 'GET' | 'POST', url: string, headers: Record<string, string> = admin) {
  return t.app.inject({ method, url: `/wp-json${url}`, headers });
}

async function usersTotal(query: string): Promise<number> {
  const r = await rest('GET', `/wp/v2/users?${query}`);
  expect(r.statusCode).toBe(200);
  return Number(r.headers['x-wp-total']);
}

/** The text that describes a control (its help or error message), as a screen reader announces it. */
async function descriptionOf(label: string): Promise<string> {
  const ids = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(ids.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

describeInBrowser('users screens', () => {
  it('should list users with the exact total, page on the server and keep search and role in the URL', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    const total = await usersTotal('');
    await page.getByText(`${total} users`).waitFor();
    const table = page.getByRole('table', { name: 'Users' });
    await expect.poll(() => table.getByRole('row').count()).toBe(21); // header + 20
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(new URL(page.url()).searchParams.get('paged')).toBe('2');
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + total - 20);

    await page.getByLabel('Role').selectOption('shop_manager');
    await page.getByText('1 user', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('paged')).toBeNull();
    await expect(table.getByRole('row').nth(1).textContent()).resolves.toContain('manny@example.com');
    await page.getByLabel('Role').selectOption('');

    await page.getByLabel('Search users').fill('shopper1');
    const matching = await usersTotal('search=shopper1');
    await page.getByText(`${matching} users`).waitFor();
    expect(new URL(page.url()).searchParams.get('s')).toBe('shopper1');
    await page.reload();
    await page.getByText(`${matching} users`).waitFor();
    await expect(page.getByLabel('Search users').inputValue()).resolves.toBe('shopper1');
    await page.goBack();
    await page.getByText(`${total} users`).waitFor();

    await page.getByLabel('Search users').fill('bob');
    await table.getByRole('link', { name: 'bob', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/wp-admin/users/${bob.id}`);
  });

  it('should add a user with the keyboard alone, showing the server’s errors at their fields', async () => {
    await page.goto(`${base}/wp-admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    // Keyboard only from here: the skip link, then Tab to the screen's "Add New User" link.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement.textContent')).resolves.toBe('Add New User');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Add New User' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/wp-admin/users/new');
    await page.keyboard.press('Tab'); // from the focused heading to Username
    await page.keyboard.type('bob');
    await page.keyboard.press('Tab');
    await page.keyboard.type('newbie@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('short');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowUp'); // Subscriber → Customer
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    // 400 from the route's schema: the message sits at Password, which gets the focus.
    await page.getByText('password must be at least 8 characters long.').waitFor();
    await expect(descriptionOf('Password')).resolves.toContain(
      'password must be at least 8 characters long.',
    );
    await expect.poll(() => page.evaluate('document.activeElement.type')).toBe('password');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('a-long-password-1');
    await page.keyboard.press('Enter');
    // 409: the username is taken; the message sits at Username, which gets the focus.
    await page.getByText('Sorry, that username already exists!').waitFor();
    await expect(descriptionOf('Username')).resolves.toContain('Sorry, that username already exists!');
    await expect
      .poll(() => page.getByLabel('Username').evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('newbie');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    await expect(notices().textContent()).resolves.toContain('User newbie created.');
    const [created] = (await rest('GET', '/wp/v2/users?search=newbie')).json();
    expect(created).toMatchObject({ username: 'newbie', email: 'newbie@example.com', roles: ['customer'] });
    expect(new URL(page.url()).pathname).toBe(`/wp-admin/users/${created.id}`);
    await expect(t.login({ username: 'newbie', password: 'a-long-password-1' })).resolves.toBeTruthy();
  });

  it('should change a user’s role and password from the edit screen', async () => {
    const user = await t.createUser({ username: 'carla', role: 'customer' });
    await page.goto(`${base}/wp-admin/users/${user.id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('New Password').fill('tiny');
    await page.getByRole('button', { name: 'Update User' }).click();
    await page.getByText('password must be at least 8 characters long.').waitFor();
    expect((await rest('GET', `/wp/v2/users?include=${user.id}`)).json()[0].roles).toEqual(['customer']);

    await page.getByLabel('Role').selectOption('shop_manager');
    await page.getByLabel('New Password').fill('carlas-new-password');
    await page.getByRole('button', { name: 'Update User' }).click();
    await notices().getByText('User updated.').waitFor();
    await expect(page.getByLabel('New Password').inputValue()).resolves.toBe('');
    expect((await rest('GET', `/wp/v2/users?include=${user.id}`)).json()[0].roles).toEqual(['shop_manager']);
    await expect(t.login({ username: 'carla', password: 'carlas-new-password' })).resolves.toBeTruthy();
    await expect(t.login({ username: 'carla', password: user.password })).rejects.toThrow();
  });

  it('should create an application password shown once with Copy, list its use, and revoke it after confirming', async () => {
    await page.goto(`${base}/wp-admin/users/${bob.id}`);
    await page.getByRole('heading', { level: 2, name: 'Application Passwords' }).waitFor();
    await page.getByText('No application passwords yet.').waitFor();
    await page.getByRole('button', { name: 'Add New Application Password' }).click();
    await page.getByText('Give the application password a name.').waitFor();

    await page.getByLabel('New Application Password Name').fill('Zapier');
    await page.getByRole('button', { name: 'Add New Application Password' }).click();
    const shown = page.getByLabel('Your new password for “Zapier” is:');
    await shown.waitFor();
    const password = await shown.inputValue();
    expect(password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied!' }).waitFor();
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(password);
    await expectNoSeriousA11yViolations(page);

    const basic = {
      authorization: `Basic ${Buffer.from(`bob:${password}`).toString('base64')}`,
    };
    expect((await rest('GET', '/wp/v2/users/me', basic)).statusCode).toBe(200);
    // Shown once: after a reload only the list remains, now with its last use.
    await page.reload();
    const row = page.getByRole('row', { name: /Zapier/ });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('127.0.0.1');
    expect(await page.getByLabel('Your new password for “Zapier” is:').count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke “Zapier”' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Application Password' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await rest('GET', `/wp/v2/users/${bob.id}/application-passwords`)).json()).toHaveLength(1);
    await row.getByRole('button', { name: 'Revoke “Zapier”' }).click();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await notices().getByText('Application password “Zapier” revoked.').waitFor();
    await page.getByText('No application passwords yet.').waitFor();
    expect((await rest('GET', `/wp/v2/users/${bob.id}/application-passwords`)).json()).toEqual([]);
    expect((await rest('GET', '/wp/v2/users/me', basic)).statusCode).toBe(401);
  });

  it('should show a shop manager Users without Add New User or Tools, and refuse editing an administrator', async () => {
    const manager = await t.createUser({ role: 'shop_manager' });
    const context = await browser.newContext();
    const own = await context.newPage();
    await logInThroughForm(own, base, manager.username, manager.password);
    await own.goto(`${base}/wp-admin/users`);
    await own.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    const menu = own.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link', { name: 'Add New User' }).count()).toBe(0);
    expect(await menu.getByText('Tools').count()).toBe(0);
    expect(await own.getByRole('link', { name: 'Add New User' }).count()).toBe(0);
    const [adminUser] = (await rest('GET', '/wp/v2/users?search=admin&roles=administrator')).json();
    await own.goto(`${base}/wp-admin/users/${adminUser.id}`);
    await own.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    for (const section of ['Application Passwords', 'REST API keys'])
      await own
        .getByRole('region', { name: section })
        .getByRole('alert')
        .filter({ hasText: 'not allowed' })
        .waitFor();
    await own.getByLabel('New Password').fill('taken-over-123');
    await own.getByRole('button', { name: 'Update User' }).click();
    await own
      .locator('.storeside-notices')
      .getByText('Sorry, you are not allowed to edit this user.')
      .waitFor();
    await context.close();
  });
});
