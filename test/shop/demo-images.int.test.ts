import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The demo catalogue's generated product images: served locally, so the demo shop needs no internet.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('should serve a deterministic SVG per slug and refuse any other file name', async () => {
  const a = await t.app.inject({ method: 'GET', url: '/assets/demo/merino-crew-sweater.svg' });
  expect(a.statusCode).toBe(200);
  expect(a.headers['content-type']).toBe('image/svg+xml');
  expect(a.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(a.body).toContain('>MC</text>');
  const again = await t.app.inject({ method: 'GET', url: '/assets/demo/merino-crew-sweater.svg' });
  expect(again.body).toBe(a.body);
  for (const bad of ['../secret.svg', 'x.png', '%3Cscript%3E.svg', 'UPPER.svg'])
    expect(
      (await t.app.inject({ method: 'GET', url: `/assets/demo/${bad}` })).statusCode,
    ).toBeGreaterThanOrEqual(400);
});
