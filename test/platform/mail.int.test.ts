import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
});
afterAll(async () => t.close());

describe('outbox (no SMTP_URL)', () => {
  it('should keep every message in the outbox, visible to manage_options holders only', async () => {
    const receipt = await t.ctx.mail.send({
      to: 'ann@example.com',
      subject: 'Your points',
      text: 'You have 10 points.',
      html: '<p>You have 10 points.</p>',
      headers: { 'List-Unsubscribe': '<https://shop.test/u>' },
      tag: 'test:points',
    });
    expect(receipt.transport).toBe('outbox');
    await t.ctx.mail.send({ to: 'bob@example.com', subject: 'Hello', text: 'Hi Bob.' });
    const admin = await t.login(await t.createUser({ role: 'administrator' }));
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/platform/v1/outbox?to=ann@example.com',
      headers: admin.headers,
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-wp-total']).toBe('1');
    expect(r.json()).toEqual([
      expect.objectContaining({
        message_id: receipt.messageId,
        transport: 'outbox',
        to: 'ann@example.com',
        from: 'Storeside <no-reply@shop.test>',
        subject: 'Your points',
        text: 'You have 10 points.',
        html: '<p>You have 10 points.</p>',
        headers: { 'List-Unsubscribe': '<https://shop.test/u>' },
        tag: 'test:points',
      }),
    ]);
    const all = await t.app.inject({
      method: 'GET',
      url: '/wp-json/platform/v1/outbox',
      headers: admin.headers,
    });
    expect(all.json().map((m: { to: string }) => m.to)).toEqual(['bob@example.com', 'ann@example.com']);
    const customer = await t.login(await t.createUser());
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/platform/v1/outbox', headers: customer.headers }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/wp-json/platform/v1/outbox' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/wp-json/platform/v1/outbox?per_page=0',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
  it('should answer one stored message by id to manage_options holders, 404 for an unknown one', async () => {
    await t.ctx.mail.send({ to: 'cy@example.com', subject: 'One', text: 'Text.', html: '<b>HTML</b>' });
    const admin = await t.login(await t.createUser({ role: 'administrator' }));
    const [listed] = (
      await t.app.inject({
        method: 'GET',
        url: '/wp-json/platform/v1/outbox?to=cy@example.com',
        headers: admin.headers,
      })
    ).json();
    const one = await t.app.inject({
      method: 'GET',
      url: `/wp-json/platform/v1/outbox/${listed.id}`,
      headers: admin.headers,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(listed);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/wp-json/platform/v1/outbox/999999',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('rest_outbox_invalid_id');
    const customer = await t.login(await t.createUser());
    const url = `/wp-json/platform/v1/outbox/${listed.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: customer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('SMTP (SMTP_URL set)', () => {
  it('should deliver through a real SMTP server instead of the outbox', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const smtp = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      options: { extensions: [] },
    });
    try {
      const receipt = await smtp.ctx.mail.send({
        to: 'cy@example.com',
        subject: 'Over the wire',
        text: 'Hello.',
      });
      expect(receipt.transport).toBe('smtp');
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Subject: Over the wire\r?$/m);
      expect(received[0]).toMatch(/^To: cy@example.com\r?$/m);
      expect(await smtp.ctx.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
