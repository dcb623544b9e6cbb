import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { migrateModules } from '../../src/platform/db/migrations.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [], clock } });
});
afterAll(async () => t.close());

describe('options', () => {
  it('should store JSON values, replace them, and fall back when missing', async () => {
    expect(await t.ctx.options.get('test_missing', { a: 1 })).toEqual({ a: 1 });
    await t.ctx.options.set('test_settings', { enabled: true, ratio: 0.5, tags: ['a', 'b'] });
    expect(await t.ctx.options.get('test_settings', null)).toEqual({
      enabled: true,
      ratio: 0.5,
      tags: ['a', 'b'],
    });
    await t.ctx.options.set('test_settings', 'now a string');
    expect(await t.ctx.options.get('test_settings', null)).toBe('now a string');
    expect(await t.ctx.options.delete('test_settings')).toBe(true);
    expect(await t.ctx.options.delete('test_settings')).toBe(false);
  });

  it('should delete by prefix, treating LIKE wildcards literally', async () => {
    await t.ctx.options.set('mod_a', 1);
    await t.ctx.options.set('mod_b', 2);
    await t.ctx.options.set('modXc', 3);
    expect(await t.ctx.options.deletePrefix('mod_')).toBe(2);
    expect(await t.ctx.options.get('modXc', 0)).toBe(3);
  });

  it('should join a transaction and roll back with it', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await t.ctx.options.set('test_tx', 'kept?', trx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await t.ctx.options.get('test_tx', 'absent')).toBe('absent');
  });
});

describe('transients', () => {
  it('should expire after their time to live and delete the expired row', async () => {
    await t.ctx.transients.set('test_rates', { usd: 1 }, 60);
    clock.advance(59_000);
    expect(await t.ctx.transients.get('test_rates')).toEqual({ usd: 1 });
    clock.advance(1_000);
    expect(await t.ctx.transients.get('test_rates')).toBeNull();
    const rows = await t.ctx.db
      .selectFrom('transients')
      .selectAll()
      .where('name', '=', 'test_rates')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('should refresh the expiry when set again, and never expire with ttl 0', async () => {
    await t.ctx.transients.set('test_refresh', 1, 60);
    clock.advance(50_000);
    await t.ctx.transients.set('test_refresh', 2, 60);
    clock.advance(50_000);
    expect(await t.ctx.transients.get('test_refresh')).toBe(2);
    await t.ctx.transients.set('test_forever', 'x', 0);
    clock.advance(365 * 24 * 3600_000);
    expect(await t.ctx.transients.get('test_forever')).toBe('x');
  });

  it('should purge expired transients in one pass (the daily job) and keep live ones', async () => {
    await t.ctx.transients.set('test_old_1', 1, 10);
    await t.ctx.transients.set('test_old_2', 1, 10);
    await t.ctx.transients.set('test_live', 1, 3600);
    clock.advance(11_000);
    expect(await t.ctx.transients.purgeExpired()).toBeGreaterThanOrEqual(2);
    expect(await t.ctx.transients.get('test_live')).toBe(1);
    const purge = await t.ctx.jobs.list({ hook: 'platform.purge_expired_transients', offset: 0, limit: 5 });
    expect(purge.rows[0]).toMatchObject({ status: 'pending', recurrence: 'daily:03:10' });
  });

  it('should keep the value as JSON text with a UTC expiry in the shared table', async () => {
    await t.ctx.transients.set('test_shared', { n: 7 }, 60);
    const row = await t.ctx.db
      .selectFrom('transients')
      .selectAll()
      .where('name', '=', 'test_shared')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toEqual({ n: 7 });
    expect(row.expires_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});

describe('migrations', () => {
  it('should start not ready without migrations, become ready after them, and be idempotent', async () => {
    const fresh = await createTestApp({ options: { extensions: [], migrate: false } });
    try {
      expect(await fresh.ready()).toBe(false);
      const notReady = await fresh.app.inject({ method: 'GET', url: '/readyz' });
      expect(notReady.statusCode).toBe(503);
      await migrateModules(fresh.ctx.db, fresh.modules);
      expect(await fresh.ready()).toBe(true);
      await migrateModules(fresh.ctx.db, fresh.modules);
      const tables = [
        'users',
        'sessions',
        'application_passwords',
        'options',
        'transients',
        'jobs',
        'mail_outbox',
      ];
      for (const table of tables) {
        const rows = await fresh.ctx.db
          .selectFrom(table as 'users')
          .selectAll()
          .execute();
        expect(rows, table).toEqual([]);
      }
      expect((await fresh.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('should run every module migration of the full app (platform, shop, extensions) on this engine', async () => {
    const full = await createTestApp();
    try {
      expect(await full.ready()).toBe(true);
      expect(full.modules.map((m) => m.name)).toContain('platform');
    } finally {
      await full.close();
    }
  });
});
